import type { RouteContract } from '../http/routes/route-contract.js';

/** The media type each `format=` value answers with (reports: docs/adr/0610). */
const MEDIA_TYPES: Readonly<Record<string, { type: string; description: string }>> = {
  csv: { type: 'text/csv', description: 'format=csv or Accept: text/csv: the rows as CSV (a download)' },
  html: { type: 'text/html', description: 'format=html or Accept: text/html: a page with charts, no script' },
};

/**
 * The other bodies a route answers besides JSON, read from the `format` values its query takes:
 * the contract states them once and the reference lists each media type.
 */
export const alternativeFormats = (contract: RouteContract): { type: string; description: string }[] => {
  const format = contract.query?.shape['format'] as { unwrap?: () => unknown; options?: readonly string[] } | undefined;
  const options = format?.options ?? (format?.unwrap?.() as { options?: readonly string[] } | undefined)?.options ?? [];
  return options.flatMap((option) => (MEDIA_TYPES[option] ? [MEDIA_TYPES[option]] : []));
};
