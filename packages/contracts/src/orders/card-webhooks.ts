import { z } from 'zod';

/**
 * A Stripe event as Stripe posts it to POST /webhooks/stripe, /webhooks/stripe-issuing,
 * /webhooks/stripe-identity and /webhooks/stripe-payouts. Only its envelope is read here: the
 * signature is checked over the raw bytes and the event read from them (ADR 0900).
 */
export const StripeEventBody = z
  .object({
    id: z.string().describe('evt_...'),
    type: z.string().describe('payment_intent.succeeded, identity.verification_session.verified, payout.paid, ...'),
  })
  .loose()
  .meta({ id: 'StripeEvent' });
export type StripeEventBody = z.infer<typeof StripeEventBody>;

export const StripeEventReceipt = z
  .object({ received: z.literal(true) })
  .meta({ id: 'StripeEventReceipt', description: 'Stripe stops retrying an event once it is answered 2xx' });
export type StripeEventReceipt = z.infer<typeof StripeEventReceipt>;
