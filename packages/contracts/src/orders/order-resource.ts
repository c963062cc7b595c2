import { z } from 'zod';

const Money = z.object({ amount: z.string().describe('Exact decimal string'), currency: z.string() });
const Fee = z.object({ type: z.string(), amount: z.string().describe('Exact decimal string'), currency: z.string() });
const FailureReason = z.object({ code: z.string(), message: z.string() });

const Delivery = z.object({
  status: z.string().describe('awaiting-payment, in-progress, completed or failed'),
  rail: z.string().optional(),
  completedAt: z.string().optional().describe('ISO 8601'),
  recipient: z.object({
    locator: z.string().optional(),
    email: z.string().optional(),
    walletAddress: z.string().optional(),
    paymentMethodId: z.string().optional(),
  }),
  txId: z.string().optional(),
  tokens: z
    .array(
      z.object({
        locator: z.string(),
        contractAddress: z.string().optional(),
        tokenId: z.string().optional(),
        mintHash: z.string().optional(),
        quantity: z.string(),
        symbol: z.string().optional(),
        decimals: z.number().int(),
      }),
    )
    .readonly()
    .optional(),
  failureReason: FailureReason.optional().describe('e.g. slippage-tolerance-exceeded'),
});

const LineItem = z.object({
  chain: z.string().optional(),
  metadata: z.object({ name: z.string(), description: z.string(), imageUrl: z.string() }),
  quote: z.object({
    status: z.string().describe('valid or expired'),
    charges: z.object({
      unit: Money,
      fees: Fee.extend({ breakdown: z.array(Fee).readonly().describe('Each fee the total is made of') }).describe(
        'The line item’s fees: their total, typed as the fee itself when there is one and "total" otherwise',
      ),
      salesTax: Money,
      shipping: Money.describe('Zero: nothing sold here ships'),
    }),
    totalPrice: Money,
    quantityRange: z.object({ lowerBound: z.string(), upperBound: z.string() }),
  }),
  executionMode: z.enum(['exact-in', 'exact-out']),
  executionParams: z.object({ mode: z.enum(['exact-in', 'exact-out']), amount: z.string() }),
  quantity: z.number(),
  callData: z
    .object({ quantity: z.string().describe('Exact decimal string') })
    .optional()
    .describe(
      'Token items: the call that delivers them. Tokens are transferred, not minted: no mint arguments, the quantity',
    ),
  maxSlippageBps: z.string().optional(),
  delivery: Delivery,
});

const Preparation = z
  .object({
    chain: z.string().optional(),
    payerAddress: z.string().optional(),
    serializedTransaction: z.string().optional().describe('The unsigned deposit transaction for the payer wallet'),
    depositAddress: z
      .string()
      .optional()
      .describe(
        'The address the deposit pays, for a payer that sends the transfer itself with transactionParameters.memo',
      ),
    transactionParameters: z.object({ amount: z.string(), memo: z.string() }).optional(),
    kyc: z
      .object({ provider: z.string(), inquiryId: z.string(), sessionToken: z.string(), environmentId: z.string() })
      .optional(),
    cardVerification: z
      .object({ type: z.string(), url: z.string() })
      .optional()
      .describe('A card payment waiting for the cardholder to complete a verification step at url'),
  })
  .describe('What the payer must do next: a crypto deposit, an identity check or a card verification');

export const OrderResource = z
  .object({
    orderId: z.string().describe('UUID'),
    phase: z.enum(['quote', 'payment', 'delivery', 'completed']),
    locale: z.string(),
    lineItems: z.array(LineItem).readonly(),
    quote: z.object({
      status: z.string().describe('valid or expired'),
      quotedAt: z.string(),
      expiresAt: z.string(),
      totalPrice: Money,
    }),
    payment: z.object({
      status: z
        .string()
        .describe(
          'draft, requires-quote, requires-crypto-payer-address, requires-email, requires-kyc, manual-kyc, failed-kyc, ' +
            'crypto-payer-insufficient-funds, crypto-payer-insufficient-funds-for-gas, awaiting-payment, in-progress, ' +
            'completed, failed, refunded',
        ),
      method: z.string().describe('card, or the chain of a crypto deposit'),
      currency: z.string(),
      totalPaid: Money.describe(
        'What the buyer pays, in the payment currency: the quote total until a payment is received, then the amount received',
      ),
      preparation: Preparation.optional(),
      received: z
        .object({ chain: z.string().optional(), txId: z.string().optional(), amount: z.string(), currency: z.string() })
        .optional(),
      refunded: Money.optional(),
      receiptEmail: z.string().optional(),
      failureReason: FailureReason.optional().describe('e.g. payment-declined'),
    }),
  })
  .meta({ id: 'Order' });
export type OrderResource = z.infer<typeof OrderResource>;

export const CreateOrderResponse = z
  .object({
    clientSecret: z
      .string()
      .min(1)
      .describe('Authorizes reading and paying this order only (send it raw in Authorization)'),
    order: OrderResource,
  })
  .meta({ id: 'CreateOrderResponse' });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

/**
 * `state = draft`: a quote that was never stored, so nothing for a client secret to authorize
 * and none is sent (ADR 0111); the placed order that follows gets its own.
 */
export const DraftOrderResponse = z.object({ order: OrderResource }).meta({ id: 'DraftOrderResponse' });
export type DraftOrderResponse = z.infer<typeof DraftOrderResponse>;

export const OrderParams = z.object({ orderId: z.guid({ error: 'must be a UUID' }) });
export type OrderParams = z.infer<typeof OrderParams>;
