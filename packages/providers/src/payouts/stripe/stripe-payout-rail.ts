import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import { domainError, invalid, type DomainError } from '@paykit/kernel';
import { toMinorUnits } from '../../cards/stripe/minor-units.js';
import { parseFiatAmount } from '../../money/amount.js';
import { type StripeInvalidRequest, callStripe } from '../../stripe/stripe-failure.js';
import type { CreatePayoutRequest, Payout, PayoutRailPort } from '../payout-port.js';
import { REFERENCE_KEY, payoutOf } from './stripe-payout.js';

export interface StripePayoutRailOptions {
  readonly stripe: Stripe;
  /** The connected account (`acct_...`) paying out from its balance to its external bank accounts. */
  readonly account: string;
}

const notFound = (): DomainError => domainError('not_found', 'payout_not_found', 'no payout has this id');

const refusalOf = (error: StripeInvalidRequest): DomainError => {
  if (error.code === 'resource_missing' && error.param === 'destination') {
    return invalid('payment_method_token_invalid', 'the payment method token is not known to the payout rail');
  }
  if (error.code === 'resource_missing') return notFound();
  return invalid('payout_rail_refused', error.message);
};

/**
 * Bank payouts on Stripe (ADR 0911): a payout of the connected account's balance to the external
 * bank account the token names, our idempotency key Stripe's, the order id in its metadata.
 */
export class StripePayoutRail implements PayoutRailPort {
  constructor(private readonly options: StripePayoutRailOptions) {}

  async createPayout(request: CreatePayoutRequest): Promise<E.Either<DomainError, Payout>> {
    const amount = parseFiatAmount(request.amount, request.currency);
    if (E.isLeft(amount)) return amount;
    if (request.reference.trim() === '') return E.left(invalid('invalid_reference', 'a payout needs a reference'));
    const idempotencyKey = request.idempotencyKey ?? request.reference;
    return this.payout(() =>
      this.options.stripe.payouts.create(
        {
          amount: toMinorUnits(amount.right),
          currency: request.currency,
          destination: request.paymentMethodToken,
          metadata: { [REFERENCE_KEY]: request.reference },
          expand: ['destination'],
        },
        { idempotencyKey, stripeAccount: this.options.account },
      ),
    );
  }

  async getPayout(payoutId: string): Promise<E.Either<DomainError, Payout>> {
    if (!/^po_\w+$/.test(payoutId)) return E.left(notFound());
    return this.payout(() =>
      this.options.stripe.payouts.retrieve(
        payoutId,
        { expand: ['destination'] },
        { stripeAccount: this.options.account },
      ),
    );
  }

  private async payout(call: () => Promise<unknown>): Promise<E.Either<DomainError, Payout>> {
    const answer = await callStripe('payouts', call, refusalOf);
    return answer.ok ? payoutOf(answer.value) : E.left(answer.error);
  }
}
