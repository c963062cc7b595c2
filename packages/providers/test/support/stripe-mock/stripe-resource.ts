import type { CheckedRequest } from './request-contract.js';
import type { RequestContext } from './stripe-events.js';
import type { StripeAnswer } from './stripe-errors.js';

/** A part of Stripe's API the mock answers beyond card payments: its operations and the components it answers with. */
export interface StripeResource {
  readonly operations: readonly string[];
  readonly schemas: readonly string[];
  /** The answer, or undefined for an operation that is not this resource's. */
  handle(request: CheckedRequest, context: RequestContext): StripeAnswer | undefined;
}
