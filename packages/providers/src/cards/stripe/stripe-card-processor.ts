import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import { conflict, invalid, type DomainError } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import { parseFiatAmount } from '../../money/amount.js';
import type { CardProcessorPort, CardRefund, Charge, ChargeRequest, RefundRequest } from '../card-processor-port.js';
import { fromMinorUnits, toMinorUnits } from './minor-units.js';
import { METADATA, chargeOf } from './payment-intent-charge.js';
import { fromStripeError } from './stripe-errors.js';

export interface StripeCardProcessorOptions {
  readonly stripe: Stripe;
  /** Where Stripe sends the cardholder back after 3-D Secure (so it answers `redirect_to_url`). */
  readonly returnUrl: string;
}

/** What Stripe.js (Elements, `stripe.createPaymentMethod`) gives the browser for a card. */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/;

const noKey = () => invalid('invalid_idempotency_key', 'an idempotency key is required');

/**
 * The card processor on Stripe's PaymentIntents (docs/adr/0900). A charge creates and confirms
 * an intent with the PaymentMethod id the browser got from Stripe.js, our idempotency key as
 * Stripe's Idempotency-Key (a retry reaches the same intent), the amount in cents. The intent's
 * id is the charge id; `getCharge` reads it again (after 3-D Secure), refunds refund it.
 */
export class StripeCardProcessor implements CardProcessorPort {
  constructor(private readonly options: StripeCardProcessorOptions) {}

  async charge(request: ChargeRequest): Promise<E.Either<DomainError, Charge>> {
    const amount = parseFiatAmount(request.amount, request.currency);
    if (E.isLeft(amount)) return amount;
    if (request.idempotencyKey.trim() === '') return E.left(noKey());
    if (!PAYMENT_METHOD_ID.test(request.token)) {
      return E.left(
        invalid(
          'card_token_invalid',
          'pay with the PaymentMethod id (pm_...) Stripe.js gives the browser for the card',
        ),
      );
    }
    const metadata = {
      [METADATA.idempotencyKey]: request.idempotencyKey,
      ...(request.reference !== undefined && { [METADATA.reference]: request.reference }),
      ...(request.owner && { [METADATA.account]: request.owner.account }),
    };
    return this.intent(() =>
      this.options.stripe.paymentIntents.create(
        {
          amount: toMinorUnits(amount.right),
          currency: request.currency,
          payment_method: request.token,
          confirm: true,
          return_url: this.options.returnUrl,
          metadata,
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
  }

  async getCharge(chargeId: string): Promise<E.Either<DomainError, Charge>> {
    return this.intent(() => this.options.stripe.paymentIntents.retrieve(chargeId, { expand: ['payment_method'] }));
  }

  async refund(request: RefundRequest): Promise<E.Either<DomainError, CardRefund>> {
    if (request.idempotencyKey.trim() === '') return E.left(noKey());
    const charge = await this.getCharge(request.chargeId);
    if (E.isLeft(charge)) return charge;
    const { amount: charged, status } = charge.right;
    if (status !== 'succeeded')
      return E.left(conflict('charge_not_refundable', `a ${status} charge cannot be refunded`));
    const amount = request.amount === undefined ? undefined : parseFiatAmount(request.amount, charged.currency);
    if (amount && E.isLeft(amount)) return amount;
    try {
      const refund = await this.options.stripe.refunds.create(
        { payment_intent: request.chargeId, ...(amount && { amount: toMinorUnits(amount.right) }) },
        { idempotencyKey: request.idempotencyKey },
      );
      return refundOf(request.chargeId, refund);
    } catch (error) {
      const mapped = fromStripeError(error);
      // A card error answers a charge; to a refund it is no answer.
      return E.isLeft(mapped) ? mapped : E.left(providerInvalidResponse('cards'));
    }
  }

  /** Stripe's answer, or its error, as our charge. */
  private async intent(request: () => Promise<unknown>): Promise<E.Either<DomainError, Charge>> {
    try {
      return chargeOf(await request());
    } catch (error) {
      return fromStripeError(error);
    }
  }
}

/**
 * Stripe's refund as ours. `pending` is accepted as done: card refunds settle later, and one that
 * fails afterwards (`charge.refund.updated`) is not followed yet (ADR 0900).
 */
const refundOf = (chargeId: string, refund: unknown): E.Either<DomainError, CardRefund> => {
  const { id, amount, currency, created, status } = (refund ?? {}) as Record<string, unknown>;
  if (
    typeof id !== 'string' ||
    !Number.isInteger(amount) ||
    typeof currency !== 'string' ||
    typeof created !== 'number'
  ) {
    return E.left(
      providerInvalidResponse('cards', 'The card processor answered a refund without id, amount or currency'),
    );
  }
  if (status !== 'succeeded' && status !== 'pending') {
    return E.left(providerInvalidResponse('cards', `The card processor answered a refund in status ${String(status)}`));
  }
  return E.right({
    refundId: id,
    chargeId,
    amount: fromMinorUnits(amount as number, currency.toLowerCase()),
    status: 'succeeded',
    createdAt: new Date(created * 1000).toISOString(),
  });
};
