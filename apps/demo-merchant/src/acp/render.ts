import { type Clock } from '@paykit/kernel';
import { type Catalogue } from '../catalogue/catalogue.js';
import { CURRENCY } from '../catalogue/products.js';
import { isPayable, type Quote } from '../pricing/quote.js';
import { deliveryWindow, type ShippingOption } from '../pricing/shipping.js';
import { sessionMessages } from './messages.js';
import { toAcpAddress, type AcpSession } from './session.js';
import { isModernVersion, type AcpVersion } from './versions.js';

export interface RenderContext {
  readonly origin: string;
  readonly version: AcpVersion;
  readonly catalogue: Catalogue;
  readonly clock: Clock;
  readonly paymentProvider: string;
}

export type AcpStatus = 'not_ready_for_payment' | 'ready_for_payment' | 'completed' | 'canceled';

export const sessionStatus = (session: AcpSession, quote: Quote): AcpStatus => {
  if (session.state === 'completed') return 'completed';
  if (session.state === 'canceled') return 'canceled';
  return session.address && isPayable(quote) ? 'ready_for_payment' : 'not_ready_for_payment';
};

/** The authoritative cart state, in the field names of the API version the client asked for. */
export const renderSession = (session: AcpSession, quote: Quote, context: RenderContext): Record<string, unknown> => {
  const modern = isModernVersion(context.version);
  const addressPath = modern ? '$.fulfillment_details.address' : '$.fulfillment_address';
  const itemIds = quote.lines.map((line) => line.itemId);
  return {
    id: session.id,
    status: sessionStatus(session, quote),
    currency: CURRENCY.toLowerCase(),
    ...(session.buyer ? { buyer: session.buyer } : {}),
    payment_provider: {
      provider: context.paymentProvider,
      supported_payment_methods: modern ? [{ type: 'card', supported_card_networks: ['amex', 'discover', 'mastercard', 'visa'] }] : ['card'],
    },
    line_items: quote.lines.map((line, index) => ({
      id: `line_item_${index + 1}`,
      item: { id: line.itemId, quantity: line.quantity },
      name: line.variant?.size ? `${line.product.name} (${line.variant.size})` : line.product.name,
      unit_amount: line.unitAmount,
      base_amount: line.baseAmount,
      discount: line.discount,
      subtotal: line.subtotal,
      tax: line.tax,
      total: line.total,
    })),
    ...(modern ? modernFulfillment(session, quote, itemIds) : legacyFulfillment(session, quote)),
    fulfillment_options: quote.shippingOptions.map((option) => renderOption(option, modern, context.clock)),
    totals: renderTotals(quote, session.address !== undefined),
    messages: sessionMessages(session, quote, context.catalogue, addressPath),
    links: [
      { type: 'terms_of_use', url: `${context.origin}/legal/terms` },
      { type: 'privacy_policy', url: `${context.origin}/legal/privacy` },
    ],
    ...(session.order
      ? { order: { id: session.order.number, checkout_session_id: session.id, permalink_url: `${context.origin}/orders/${session.order.number}` } }
      : {}),
  };
};

const legacyFulfillment = (session: AcpSession, quote: Quote): Record<string, unknown> => ({
  ...(session.address ? { fulfillment_address: toAcpAddress(session.address) } : {}),
  ...(quote.shipping ? { fulfillment_option_id: quote.shipping.id } : {}),
});

const modernFulfillment = (session: AcpSession, quote: Quote, itemIds: readonly string[]): Record<string, unknown> => ({
  ...(session.address || session.contact
    ? {
        fulfillment_details: {
          ...(session.contact?.name ? { name: session.contact.name } : {}),
          ...(session.contact?.email ? { email: session.contact.email } : {}),
          ...(session.contact?.phone ? { phone_number: session.contact.phone } : {}),
          ...(session.address ? { address: toAcpAddress(session.address) } : {}),
        },
      }
    : {}),
  ...(quote.shipping ? { selected_fulfillment_options: [{ type: 'shipping', option_id: quote.shipping.id, item_ids: itemIds }] } : {}),
});

const renderOption = (option: ShippingOption, modern: boolean, clock: Clock): Record<string, unknown> => {
  const window = deliveryWindow(option, clock);
  const common = {
    type: 'shipping',
    id: option.id,
    title: option.title,
    carrier: option.carrier,
    earliest_delivery_time: window.earliest,
    latest_delivery_time: window.latest,
  };
  return modern
    ? { ...common, description: option.subtitle, totals: [{ type: 'total', display_text: option.title, amount: option.amount }] }
    : { ...common, subtitle: option.subtitle, carrier_info: option.carrier, subtotal: option.amount, tax: 0, total: option.amount };
};

/** Shipping and tax depend on the destination, so they are listed only once an address is known. */
const renderTotals = (quote: Quote, hasAddress: boolean): Record<string, unknown>[] => [
  { type: 'items_base_amount', display_text: 'Item(s) total', amount: quote.itemsBase },
  { type: 'discount', display_text: 'Discount', amount: quote.discount },
  { type: 'subtotal', display_text: 'Subtotal', amount: quote.subtotal },
  ...(quote.shipping ? [{ type: 'fulfillment', display_text: 'Shipping', amount: quote.fulfillment }] : []),
  ...(hasAddress ? [{ type: 'tax', display_text: 'Tax', amount: quote.tax }] : []),
  { type: 'total', display_text: 'Total', amount: quote.total },
];
