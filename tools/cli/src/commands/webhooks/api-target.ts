import { randomBytes } from 'node:crypto';
import { createPayKitClient } from '@paykit/client';
import { type Report, type StoryContext, textReport } from '@paykit/demo/stories';
import { UsageError } from '../../io.js';
import { optionalString } from '../arguments.js';
import type { OptionValues } from '../command.js';

/** Commands that call a running API over HTTP (webhooks), unlike those that work on DATA_DIR. */
export const API_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

export const API_USAGE = '[--base-url URL (default http://localhost:3000/api)] [--api-key sk_... (or PAYKIT_API_KEY)]';

const isHttpUrl = (value: string): boolean =>
  URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

export const httpUrlOption = (values: OptionValues, name: string): string | undefined => {
  const value = optionalString(values, name);
  if (value !== undefined && !isHttpUrl(value))
    throw new UsageError(`--${name} must be an http or https URL, not ${value}`);
  return value;
};

/** A story context on the API the options (or PAYKIT_BASE_URL, PAYKIT_API_KEY) name. */
export const apiContextOf = (
  values: OptionValues,
  env: Readonly<Record<string, string | undefined>>,
  report: Report = textReport(() => {}),
): StoryContext & { readonly baseUrl: string } => {
  const baseUrl = httpUrlOption(values, 'base-url') ?? env['PAYKIT_BASE_URL'] ?? 'http://localhost:3000/api';
  const apiKey = optionalString(values, 'api-key') ?? env['PAYKIT_API_KEY'];
  if (!apiKey)
    throw new UsageError(
      '--api-key (or PAYKIT_API_KEY) is required: a server key of the project, such as the one the first start printed',
    );
  return {
    baseUrl,
    client: createPayKitClient({ baseUrl, apiKey }),
    report,
    waitMs: 30_000,
    runTag: randomBytes(3).toString('hex'),
  };
};
