import { z } from 'zod';
import { cursorPage, pageQuery } from '../common/pagination.js';
import { OrderResource } from './order-resource.js';

/** GET /2022-06-09/orders (spec, endpoint 7; parameter names from the public API's conventions). */
export const DEFAULT_ORDERS_LIMIT = 30;
export const MAX_ORDERS_LIMIT = 100;
export const MAX_ORDER_FILTER_TERMS = 20;

/** The spec's list filter vocabularies (the domain maps every stored status onto them). */
export const ORDER_PAYMENT_FILTERS = [
  'quote-phase',
  'in-progress',
  'succeeded',
  'declined',
  'expired',
  'refunded',
] as const;
export const ORDER_DELIVERY_FILTERS = [
  'not-started',
  'in-progress',
  'partial-delivery',
  'delivered',
  'failed',
] as const;
export const ORDER_SORTS = ['asc', 'desc'] as const;

/**
 * One filter: comma-separated values, repeated parameters, or both (`a,b&x=c`); blanks
 * between commas are ignored; at most 20 terms, counted as sent.
 */
const filterTerms = <Term extends z.ZodType<string, string>>(term: Term) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((sent) =>
      (Array.isArray(sent) ? sent : [sent])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(
      z
        .array(term)
        .min(1, 'must name at least one value')
        .max(MAX_ORDER_FILTER_TERMS, `must name at most ${MAX_ORDER_FILTER_TERMS} values`),
    );

const currencyTerm = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,32}$/, 'must be currency codes such as usdc or usd, or fiat')
  .transform((code) => code.toLowerCase());

/** EVM (0x + 40 hex digits) or Solana (base58) addresses. */
const walletTerm = z
  .string()
  .regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'must be EVM or Solana wallet addresses');

const orderIdTerm = z.guid({ error: 'must be order ids (UUIDs)' }).transform((id) => id.toLowerCase());

export const ListOrdersQuery = pageQuery({ defaultLimit: DEFAULT_ORDERS_LIMIT, maxLimit: MAX_ORDERS_LIMIT }).extend({
  sort: z.enum(ORDER_SORTS).default('desc').describe('Order by createdAt: desc (newest first, the default) or asc'),
  paymentStatus: filterTerms(z.enum(ORDER_PAYMENT_FILTERS))
    .optional()
    .describe(`Payment statuses to include: ${ORDER_PAYMENT_FILTERS.join(', ')} (comma-separated or repeated)`),
  deliveryStatus: filterTerms(z.enum(ORDER_DELIVERY_FILTERS))
    .optional()
    .describe(`Delivery statuses to include: ${ORDER_DELIVERY_FILTERS.join(', ')} (comma-separated or repeated)`),
  currency: filterTerms(currencyTerm)
    .optional()
    .describe('Payment currencies to include (usdc, usd, ...); fiat matches every fiat payment method'),
  buyerWalletAddress: filterTerms(walletTerm).optional().describe('Buyer wallet addresses to include (exact match)'),
  recipientAddress: filterTerms(walletTerm).optional().describe('Another name for buyerWalletAddress'),
  orderId: filterTerms(orderIdTerm).optional().describe('Order ids to include'),
});
export type ListOrdersQuery = z.output<typeof ListOrdersQuery>;

/** `{ data, nextCursor, previousCursor }`: a page of orders. */
export const OrderPage = cursorPage(OrderResource).meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof OrderPage>;
