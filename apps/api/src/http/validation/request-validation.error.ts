import type { z } from 'zod';
import { type ValidationIssue, formatIssuePath } from '@paykit/contracts';

export type RequestPart = 'body' | 'query' | 'params' | 'headers';

const MAX_ISSUES_IN_MESSAGE = 3;

/** A request that does not follow the interface: a 400 `invalid_request` naming each field. */
export class RequestValidationError extends Error {
  readonly code = 'invalid_request';

  constructor(readonly issues: readonly ValidationIssue[]) {
    const shown = issues.slice(0, MAX_ISSUES_IN_MESSAGE).map((issue) => `${issue.path}: ${issue.message}`);
    const more = issues.length - shown.length;
    super(shown.join('; ') + (more > 0 ? ` (and ${more} more)` : ''));
    this.name = 'RequestValidationError';
  }

  /** An issue at the root of a part is named after the part itself ("body: must be an object"). */
  static fromZod(part: RequestPart, issues: readonly z.core.$ZodIssue[], field?: string): RequestValidationError {
    return new RequestValidationError(
      issues.map((issue) => {
        const path = formatIssuePath(field === undefined ? issue.path : [field, ...issue.path]);
        return { path: path === '' ? part : path, message: issue.message };
      }),
    );
  }
}
