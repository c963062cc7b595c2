import { z } from 'zod';

/**
 * The one error body of the API. Clients detect an error by the presence of `error`; `code` is
 * the stable machine-readable reason, `parameters` its details.
 */
export const ErrorBody = z
  .object({
    error: z.literal(true),
    message: z.string(),
    code: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ErrorBody', description: 'Every error response carries this body.' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One failed rule of a 400 `invalid_request`, listed in its `parameters.issues`. */
export const ValidationIssue = z
  .object({
    path: z.string().describe('Where the rule failed, e.g. lineItems[0].executionParameters.amount'),
    message: z.string().describe('The rule that was broken'),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const errorBody = (message: string, code?: string, parameters?: Record<string, unknown>): ErrorBody => ({
  error: true,
  message,
  ...(code === undefined ? {} : { code }),
  ...(parameters === undefined ? {} : { parameters }),
});
