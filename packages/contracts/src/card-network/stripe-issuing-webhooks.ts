import { z } from 'zod';
import { StripeEventReceipt } from '../orders/card-webhooks.js';

/**
 * Our answer to Stripe Issuing's real-time `issuing_authorization.request` (docs/adr/0901): Stripe
 * approves or declines the authorization as the body says. Other issuing events are received.
 */
export const StripeAuthorizationAnswer = z
  .union([
    z.object({ approved: z.boolean().describe('Stripe approves the authorization when true, declines it when false') }),
    StripeEventReceipt,
  ])
  .meta({ id: 'StripeAuthorizationAnswer' });
export type StripeAuthorizationAnswer = z.infer<typeof StripeAuthorizationAnswer>;
