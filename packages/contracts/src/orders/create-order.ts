import { z } from 'zod';
import { oneOrMany } from '../common/one-or-many.js';

const POSITIVE_DECIMAL = /^(0|[1-9]\d{0,29})(\.\d{1,36})?$/;
const ZERO = /^0(\.0+)?$/;

const amount = () =>
  z
    .string({ error: 'must be a decimal string such as "100" or "10.50"' })
    .regex(POSITIVE_DECIMAL, 'must be a decimal string such as "100" or "10.50"')
    .refine((value) => !ZERO.test(value), 'must be greater than 0');

const basisPoints = () =>
  z
    .string({ error: 'must be a whole number of basis points written as a string, e.g. "500"' })
    .regex(/^(0|[1-9]\d{0,4})$/, 'must be a whole number of basis points written as a string, e.g. "500"')
    .refine((value) => Number(value) <= 10_000, 'must be at most 10000');

const ExecutionParameters = z.object({
  mode: z.enum(['exact-in', 'exact-out']).optional().describe('Default exact-in; offramp takes exact-in only'),
  amount: amount().describe('exact-in: what the buyer spends; exact-out: the quantity bought'),
  maxSlippageBps: basisPoints().optional().describe('Onramp only; default "500"'),
});

const LineItem = z.object({
  tokenLocator: z.string().min(1).max(300).optional().describe('Onramp: the token bought, e.g. base-sepolia:usdc'),
  currencyLocator: z
    .string()
    .regex(/^fiat:[a-z]{3}$/, 'must be fiat:<currency>, e.g. fiat:usd')
    .optional()
    .describe('Offramp: the fiat currency paid out, fiat:<currency>'),
  executionParameters: ExecutionParameters,
});
type LineItem = z.infer<typeof LineItem>;

/**
 * The spec's array (of exactly one line item); one line item alone, as the spec's offramp table
 * writes it (`lineItems.currencyLocator`), is read as that array (ADR 0813).
 */
const lineItems = oneOrMany(
  z.array(LineItem, { error: 'must be an array of line items' }).min(1, 'must have exactly 1 element'),
);

const Body = z.object({
  recipient: z
    .object({
      walletAddress: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe('Onramp: required; a wallet of a user of the service'),
      email: z.unknown().optional().describe('Not supported'),
      paymentMethodId: z.guid({ error: 'must be a UUID' }).optional().describe('Offramp: a saved payout method'),
    })
    .describe('Onramp: walletAddress; offramp: paymentMethodId'),
  payment: z.object({
    method: z
      .string({ error: 'must be card or a chain name' })
      .regex(/^[a-z0-9-]{1,40}$/, 'must be card or a chain name such as base-sepolia')
      .describe('card (onramp), or the chain the stablecoin is sent on (offramp)'),
    currency: z
      .string({ error: 'must be a currency such as usd or usdc' })
      .regex(/^[A-Za-z0-9]{2,16}$/, 'must be a currency such as usd or usdc')
      .transform((value) => value.toLowerCase()),
    payerAddress: z.string().min(1).max(200).optional().describe('Offramp: the wallet that sends the deposit'),
    receiptEmail: z.email({ error: 'must be an email address' }).max(320).optional(),
  }),
  lineItems,
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, 'must be a language tag such as en-US')
    .optional(),
  state: z
    .enum(['draft', 'create'])
    .default('create')
    .describe('draft: a quote that is not stored; create (default): place the order'),
});
type Body = z.infer<typeof Body>;

type Issue = readonly [readonly (string | number)[], string];

const onrampIssues = (body: Body, item: LineItem): Issue[] => [
  ...(item.tokenLocator === undefined ? [[['lineItems', 0, 'tokenLocator'], 'is required'] as const] : []),
  ...(item.currencyLocator !== undefined
    ? [[['lineItems', 0, 'currencyLocator'], 'is for offramp line items; onramp buys a tokenLocator'] as const]
    : []),
  ...(body.recipient.email !== undefined
    ? [[['recipient', 'email'], 'is not supported; use recipient.walletAddress'] as const]
    : []),
  ...(body.recipient.walletAddress === undefined ? [[['recipient', 'walletAddress'], 'is required'] as const] : []),
  ...(body.recipient.paymentMethodId !== undefined
    ? [[['recipient', 'paymentMethodId'], 'is for offramp orders; onramp delivers to recipient.walletAddress'] as const]
    : []),
  ...(body.payment.payerAddress !== undefined
    ? [[['payment', 'payerAddress'], 'applies to crypto payments only'] as const]
    : []),
];

const offrampIssues = (body: Body, item: LineItem): Issue[] => [
  ...(item.currencyLocator === undefined ? [[['lineItems', 0, 'currencyLocator'], 'is required'] as const] : []),
  ...(item.tokenLocator !== undefined
    ? [[['lineItems', 0, 'tokenLocator'], 'is for onramp line items; offramp pays out a currencyLocator'] as const]
    : []),
  ...(item.executionParameters.mode === 'exact-out'
    ? [[['lineItems', 0, 'executionParameters', 'mode'], 'must be exact-in for offramp'] as const]
    : []),
  ...(item.executionParameters.maxSlippageBps !== undefined
    ? [
        [
          ['lineItems', 0, 'executionParameters', 'maxSlippageBps'],
          'is not taken by offramp (the quote locks the rate)',
        ] as const,
      ]
    : []),
  ...(body.recipient.paymentMethodId === undefined ? [[['recipient', 'paymentMethodId'], 'is required'] as const] : []),
  ...(body.recipient.walletAddress !== undefined
    ? [[['recipient', 'walletAddress'], 'is for onramp orders; offramp pays out to recipient.paymentMethodId'] as const]
    : []),
  ...(body.recipient.email !== undefined ? [[['recipient', 'email'], 'is not supported'] as const] : []),
];

/**
 * Create order (spec endpoints 3 and 4): `payment.method = card` is an onramp (exactly one
 * line item with a tokenLocator, delivered to recipient.walletAddress; recipient.email is
 * refused), any chain name an offramp (a currencyLocator paid out to recipient.paymentMethodId).
 */
export const CreateOrderBody = Body.superRefine((body, context) => {
  const onramp = body.payment.method === 'card';
  if (body.lineItems.length !== 1) {
    context.addIssue({ code: 'custom', path: ['lineItems'], message: 'must have exactly 1 element' });
    return;
  }
  const item = body.lineItems[0] as LineItem;
  for (const [path, message] of onramp ? onrampIssues(body, item) : offrampIssues(body, item)) {
    context.addIssue({ code: 'custom', path: [...path], message });
  }
}).meta({ id: 'CreateOrderRequest' });
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;
