import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { Charge } from './card-processor-port.js';

/** What a processor's webhook tells about one of our charges: which one, and how it stands now. */
export interface ChargeUpdate {
  /** The charge request's `reference` (an order id). */
  readonly reference: string;
  /** The charge request's idempotency key (the order's payment attempt). */
  readonly idempotencyKey: string;
  readonly charge: Charge;
}

/**
 * The processor's signed webhooks. The signature is checked over the bytes as received; a bad
 * or missing one is `invalid` (`invalid_webhook_signature`). Right(undefined) is an event that
 * changes none of our charges (another type, or a charge we did not make).
 */
export interface CardWebhooksPort {
  chargeUpdateOf(payload: Buffer, signature: string | undefined): E.Either<DomainError, ChargeUpdate | undefined>;
}
