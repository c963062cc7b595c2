import { type Clock } from '@paykit/kernel';
import { z } from 'zod';
import { type PaymentMethod } from '../payments/gateway.js';
import { type DelegatedTokens } from '../payments/delegated-tokens.js';
import { AcpHttpError, toJsonPath } from './errors.js';
import { acpAddressSchema } from './wire/request-schemas.js';
import { type AcpResponse } from './service.js';

export const DELEGATE_PAYMENT_PATH = '/agentic_commerce/delegate_payment';

const strings = z.record(z.string(), z.string());

/** The Delegate Payment request (identical in every advertised version); unknown fields are ignored. */
const delegatePaymentSchema = z.object({
  payment_method: z.object({
    type: z.literal('card'),
    card_number_type: z.enum(['fpan', 'network_token']),
    number: z.string().trim().min(1).max(512),
    exp_month: z
      .string()
      .regex(/^(0[1-9]|1[0-2])$/)
      .optional(),
    exp_year: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    cvc: z
      .string()
      .regex(/^\d{3,4}$/)
      .optional(),
    display_card_funding_type: z.enum(['credit', 'debit', 'prepaid']),
    metadata: strings,
  }),
  allowance: z.object({
    reason: z.literal('one_time'),
    max_amount: z.number().int().positive(),
    currency: z.string().regex(/^[a-z]{3}$/),
    checkout_session_id: z.string().min(1),
    merchant_id: z.string().min(1).max(256),
    expires_at: z.iso.datetime({ offset: true }),
  }),
  billing_address: acpAddressSchema.optional(),
  risk_signals: z
    .array(
      z.object({
        type: z.literal('card_testing'),
        score: z.number().int(),
        action: z.enum(['blocked', 'manual_review', 'authorized']),
      }),
    )
    .min(1),
  metadata: strings,
});

/** The Delegate Payment error codes are a closed set: every refusal of a request is `invalid_card`. */
const refuse = (statusCode: number, param: string, message: string) =>
  new AcpHttpError(statusCode, 'invalid_request', 'invalid_card', message, param);

export interface DelegatePaymentDeps {
  readonly tokens: DelegatedTokens;
  readonly clock: Clock;
  readonly merchantId: string;
  /** Whether a checkout session exists and can still be paid. */
  readonly isOpenSession: (id: string) => boolean;
}

/**
 * `POST /agentic_commerce/delegate_payment`: vaults a card credential (a card number, or a
 * network token such as a platform's card-vault token) behind a `vt_` token bound to the
 * allowance. Only this shop, for an open session of its own, within the allowance, can charge it.
 */
export const delegatePayment = (
  deps: DelegatePaymentDeps,
  raw: unknown,
  idempotencyKey: string | undefined,
): AcpResponse => {
  const parsed = delegatePaymentSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const param = toJsonPath(issue?.path ?? []);
    throw refuse(400, param, `${param}: ${issue?.message ?? 'invalid request'}`);
  }
  const { payment_method: card, allowance, metadata } = parsed.data;
  if (allowance.merchant_id !== deps.merchantId)
    throw refuse(422, '$.allowance.merchant_id', `This shop is merchant ${deps.merchantId}.`);
  if (!deps.isOpenSession(allowance.checkout_session_id)) {
    throw refuse(422, '$.allowance.checkout_session_id', `No open checkout session ${allowance.checkout_session_id}.`);
  }
  const expiresAt = new Date(allowance.expires_at);
  if (expiresAt.getTime() <= deps.clock.now().getTime())
    throw refuse(422, '$.allowance.expires_at', 'The allowance has already expired.');
  const method: PaymentMethod =
    card.card_number_type === 'fpan'
      ? { kind: 'card', number: card.number.replace(/[\s-]/g, '') }
      : { kind: 'token', token: card.number, provider: 'network_token' };
  const issued = deps.tokens.issue(method, {
    reason: 'one_time',
    maxAmount: allowance.max_amount,
    currency: allowance.currency,
    checkoutSessionId: allowance.checkout_session_id,
    merchantId: allowance.merchant_id,
    expiresAt,
  });
  return {
    statusCode: 201,
    body: {
      id: issued.id,
      created: issued.created.toISOString(),
      metadata: {
        ...metadata,
        merchant_id: deps.merchantId,
        ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
      },
    },
  };
};
