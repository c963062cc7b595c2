import { z } from 'zod';

/**
 * The spec's resource tables (/work/shared/spec/api-spec.md), written out here on their own and
 * not taken from packages/contracts, so a response is checked against what the spec says rather
 * than against what we declared. Extra fields are allowed (the spec shows fields, not all fields);
 * a field the spec names must have the spec's type wherever it is sent. The fields issue 14 found
 * missing are required. Where the spec leaves a choice, the ADR it cites decides.
 */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'an exact decimal string');
const iso = z.iso.datetime({ offset: true });
const Money = z.object({ amount: decimal, currency: z.string().min(1) });

// Wallet
const Signer = z.object({ type: z.string(), address: z.string(), locator: z.string() });
export const Wallet = z.object({
  chainType: z.enum(['evm', 'aptos', 'solana', 'stellar', 'sui']),
  type: z.enum(['smart', 'mpc']),
  address: z.string().min(1),
  config: z.object({
    adminSigner: Signer.optional(),
    delegatedSigners: z
      .array(
        Signer.extend({
          scopes: z.array(z.unknown()),
          expiresAt: z.string().optional(),
          chains: z.record(z.string(), z.unknown()),
        }),
      )
      .optional(),
  }),
  owner: z
    .string()
    .regex(/^[A-Za-z]+:.+$/, '<type>:<value>')
    .optional(),
  createdAt: z.number(),
  alias: z.string().optional(),
});

// Order
const LineItem = z.object({
  chain: z.string().optional(),
  metadata: z.object({ name: z.string(), description: z.string(), imageUrl: z.string() }),
  quote: z.object({
    status: z.string(),
    charges: z.object({
      unit: Money,
      // ADR 0111: one object, as the spec writes it.
      fees: z.object({ type: z.string(), amount: decimal, currency: z.string() }),
      salesTax: Money,
      shipping: Money,
    }),
    totalPrice: Money,
    quantityRange: z.object({ lowerBound: decimal, upperBound: decimal }),
  }),
  executionMode: z.enum(['exact-in', 'exact-out']),
  executionParams: z.object({ mode: z.enum(['exact-in', 'exact-out']), amount: decimal }),
  quantity: z.number(),
  callData: z.object({ quantity: decimal }).optional(),
  maxSlippageBps: z.string().optional(),
  delivery: z.object({
    status: z.string(),
    rail: z.string().optional(),
    completedAt: iso.optional(),
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
          quantity: decimal,
          symbol: z.string().optional(),
          decimals: z.number().int(),
        }),
      )
      .optional(),
    failureReason: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
});

const Payment = z.object({
  status: z.string(),
  method: z.string(),
  currency: z.string(),
  // The list's currency filter is defined on it.
  totalPaid: Money,
  preparation: z
    .object({
      chain: z.string().optional(),
      payerAddress: z.string().optional(),
      serializedTransaction: z.string().optional(),
      transactionParameters: z.object({ amount: decimal, memo: z.string() }).optional(),
      kyc: z
        .object({ provider: z.string(), inquiryId: z.string(), sessionToken: z.string(), environmentId: z.string() })
        .optional(),
    })
    .optional(),
  received: z
    .object({ chain: z.string().optional(), txId: z.string().optional(), amount: decimal, currency: z.string() })
    .optional(),
  refunded: Money.optional(),
  receiptEmail: z.string().optional(),
  failureReason: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const Order = z.object({
  orderId: z.uuid(),
  phase: z.string(),
  locale: z.string(),
  lineItems: z.array(LineItem),
  quote: z.object({ status: z.string(), quotedAt: iso, expiresAt: iso, totalPrice: Money }),
  payment: Payment,
});

/** Endpoints 3 and 4: `{ clientSecret, order }`; a draft (ADR 0111) answers `{ order }` alone. */
export const CreatedOrder = z.object({ clientSecret: z.string().min(1), order: Order });
export const DraftOrder = z.strictObject({ order: Order });

/** Endpoints 7 and 10 (and, by ADR 0112, every list): both cursors, a string or null. */
/** A list body: `data` (or the name the public SDK reads, as `transactions`), and both cursors. */
export const ListBody = <Item extends z.ZodType>(item: Item, itemsField = 'data') =>
  z.object({
    [itemsField]: z.array(item),
    nextCursor: z.string().min(1).nullable(),
    previousCursor: z.string().min(1).nullable(),
  });

export const SupportedToken = z.object({
  token: z.string(),
  available: z.boolean(),
  features: z.object({ creditCardPayment: z.boolean() }),
});

export const TransferTransaction = z.object({
  id: z.string(),
  chainType: z.enum(['aptos', 'evm', 'solana', 'stellar', 'sui']),
  walletType: z.enum(['mpc', 'smart']),
  status: z.enum(['awaiting-approval', 'failed', 'pending', 'success']),
  createdAt: z.number(),
  completedAt: z.number().optional(),
  params: z.object({ chain: z.string().optional() }).optional(),
  onChain: z.object({ txId: z.string().optional(), explorerLink: z.string().optional() }).optional(),
  sendParams: z.object({
    token: z.string(),
    params: z.object({ recipient: z.string().optional(), recipientAddress: z.string().optional(), amount: decimal }),
  }),
  approvals: z.object({ required: z.number().optional() }).optional(),
});

export const IdentityDocument = z.object({
  id: z.string(),
  documentType: z.enum([
    'id-idcard-back',
    'id-idcard-front',
    'id-passport',
    'id-residency-permit',
    'proof-of-address',
    'selfie-front',
    'selfie-left',
    'selfie-right',
    'source-of-wealth',
  ]),
  createdAt: iso,
  expiresAt: z.iso.date(),
});

export const ErrorBody = z.object({
  error: z.literal(true),
  message: z.string(),
  code: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
