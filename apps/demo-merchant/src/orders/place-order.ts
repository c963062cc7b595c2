import { type Clock } from '@paykit/kernel';
import { type Catalogue } from '../catalogue/catalogue.js';
import { CURRENCY } from '../catalogue/products.js';
import { type PaymentGateway, type PaymentMethod } from '../payments/gateway.js';
import { type Quote } from '../pricing/quote.js';
import { type Buyer, type Channel, type Order, type ShippingAddress } from './order.js';
import { type OrderBook } from './order-book.js';

export interface OrderingDeps {
  readonly catalogue: Catalogue;
  readonly orderBook: OrderBook;
  readonly gateway: PaymentGateway;
  readonly clock: Clock;
}

export interface PlaceOrderRequest {
  readonly channel: Channel;
  readonly reference: string;
  /** A payable review-stage quote: its total is exactly what is charged. */
  readonly quote: Quote;
  readonly buyer: Buyer;
  /** The logged-in shop account (web orders). */
  readonly account?: string;
  readonly shippingAddress: ShippingAddress;
  readonly payment: PaymentMethod;
}

export type PlaceOrderResult =
  | { readonly outcome: 'placed'; readonly order: Order }
  | { readonly outcome: 'declined' | 'invalid'; readonly message: string };

/** Charges the quoted total and, only when the charge is approved, records the order and takes the stock. */
export const placeOrder = async (deps: OrderingDeps, request: PlaceOrderRequest): Promise<PlaceOrderResult> => {
  const { quote } = request;
  const shipping = quote.shipping;
  if (!shipping) throw new Error('placeOrder needs a quote with a shipping option');
  const result = await deps.gateway.authorize({
    method: request.payment,
    amount: quote.total,
    currency: CURRENCY,
    reference: request.reference,
  });
  const at = deps.clock.now().toISOString();
  deps.orderBook.recordAttempt({
    channel: request.channel,
    reference: request.reference,
    amount: quote.total,
    currency: CURRENCY,
    method: request.payment.kind,
    outcome: result.outcome,
    ...(result.outcome === 'approved' ? { paymentId: result.paymentId } : {}),
    at,
  });
  if (result.outcome !== 'approved') return { outcome: result.outcome, message: result.message };

  for (const line of quote.lines) if (line.variant) deps.catalogue.take(line.variant.sku, line.quantity);
  const order = deps.orderBook.place({
    channel: request.channel,
    ...(request.channel === 'agentic_checkout' ? { checkoutSessionId: request.reference } : {}),
    createdAt: at,
    currency: CURRENCY,
    lines: quote.lines.map((line) => ({
      sku: line.variant?.sku ?? line.itemId,
      name: line.product.name,
      ...(line.variant?.size ? { size: line.variant.size } : {}),
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.baseAmount,
    })),
    totals: {
      itemsBase: quote.itemsBase,
      discount: quote.discount,
      subtotal: quote.subtotal,
      fulfillment: quote.fulfillment,
      tax: quote.tax,
      total: quote.total,
    },
    buyer: request.buyer,
    ...(request.account ? { account: request.account } : {}),
    shippingAddress: request.shippingAddress,
    shippingOption: shipping.id,
    paymentId: result.paymentId,
  });
  return { outcome: 'placed', order };
};
