import type { ReportFormat } from '@paykit/contracts';

const BY_MEDIA_TYPE: readonly (readonly [string, ReportFormat])[] = [
  ['text/csv', 'csv'],
  ['text/html', 'html'],
  ['application/json', 'json'],
];

/**
 * `format=` wins; otherwise the first media type of Accept that the route serves (in the
 * order the client listed them); otherwise JSON. Quality values are not weighed: clients
 * asking for a report send one type.
 */
export const reportFormatOf = (
  format: ReportFormat | undefined,
  accept: string | undefined,
  served: readonly ReportFormat[],
): ReportFormat => {
  if (format !== undefined) return format;
  for (const part of (accept ?? '').split(',')) {
    const mediaType = part.split(';')[0]?.trim().toLowerCase();
    const match = BY_MEDIA_TYPE.find(([type, candidate]) => type === mediaType && served.includes(candidate));
    if (match) return match[1];
  }
  return 'json';
};

export const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};
