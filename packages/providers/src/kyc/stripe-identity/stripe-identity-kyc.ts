import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import { domainError, invalid, type DomainError } from '@paykit/kernel';
import { callStripe } from '../../stripe/stripe-failure.js';
import type { KycInquiry, KycProviderPort, StartInquiryInput } from '../kyc-port.js';
import { REFERENCE_KEY, USER_KEY, inquiryOf } from './verification-session.js';

export interface StripeIdentityKycOptions {
  readonly stripe: Stripe;
  /** The publishable key (`pk_live_...`) Stripe.js opens the flow with: `payment.preparation.kyc.environmentId`. */
  readonly publishableKey: string;
  /** Where Stripe's hosted flow sends the person back to, when the client uses it rather than Stripe.js. */
  readonly returnUrl?: string;
}

const refusalOf = (error: { code?: string; message: string }): DomainError =>
  error.code === 'resource_missing'
    ? domainError('not_found', 'inquiry_not_found', 'no identity inquiry has this id')
    : invalid('kyc_provider_refused', error.message);

/** One session per user and reference: a repeat within Stripe's idempotency window answers the same one. */
const idempotencyKeyOf = (input: StartInquiryInput): string =>
  `paykit-kyc-${createHash('sha256')
    .update(`${input.userId}\n${input.referenceId ?? ''}`)
    .digest('hex')}`;

/**
 * Identity checks with Stripe Identity's VerificationSessions on the official SDK (ADR 0910): a
 * `document` session per check, its client secret the session token the client opens Stripe.js
 * with, its status (read again on every `getInquiry`, and pushed by the signed webhooks) the
 * decision.
 */
export class StripeIdentityKyc implements KycProviderPort {
  constructor(private readonly options: StripeIdentityKycOptions) {}

  async startInquiry(input: StartInquiryInput): Promise<E.Either<DomainError, KycInquiry>> {
    if (input.userId.trim() === '') return E.left(invalid('invalid_user_id', 'userId is required'));
    const { returnUrl } = this.options;
    return this.session(() =>
      this.options.stripe.identity.verificationSessions.create(
        {
          type: 'document',
          metadata: {
            [USER_KEY]: input.userId,
            ...(input.referenceId !== undefined && { [REFERENCE_KEY]: input.referenceId }),
          },
          ...(returnUrl !== undefined && { return_url: returnUrl }),
        },
        { idempotencyKey: idempotencyKeyOf(input) },
      ),
    );
  }

  async getInquiry(inquiryId: string): Promise<E.Either<DomainError, KycInquiry>> {
    if (!/^vs_\w+$/.test(inquiryId))
      return E.left(domainError('not_found', 'inquiry_not_found', 'no identity inquiry has this id'));
    return this.session(() => this.options.stripe.identity.verificationSessions.retrieve(inquiryId));
  }

  private async session(call: () => Promise<unknown>): Promise<E.Either<DomainError, KycInquiry>> {
    const answer = await callStripe('kyc', call, refusalOf);
    return answer.ok ? inquiryOf(answer.value, this.options.publishableKey) : E.left(answer.error);
  }
}
