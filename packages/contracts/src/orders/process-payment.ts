import { z } from 'zod';

/**
 * Process payment (spec endpoint 5): `crypto-tx-id` names the offramp deposit the payer has
 * broadcast; `card-token` (our addition, ADR 0101) pays an onramp order with the card processor's
 * token: a sandbox vault token, or with Stripe the PaymentMethod id from Stripe.js (ADR 0900).
 */
export const ProcessPaymentBody = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('crypto-tx-id'),
        txId: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters long'),
      }),
      z.object({
        type: z.literal('card-token'),
        token: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters long'),
      }),
    ],
    { error: 'must be crypto-tx-id or card-token' },
  )
  .meta({ id: 'ProcessPaymentRequest' });
export type ProcessPaymentBody = z.infer<typeof ProcessPaymentBody>;
