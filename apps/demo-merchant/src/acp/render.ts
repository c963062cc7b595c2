import { type Clock } from '@paykit/kernel';
import { type Catalogue } from '../catalogue/catalogue.js';
import { CURRENCY } from '../catalogue/products.js';
import { isPayable, type PricedLine, type Quote } from '../pricing/quote.js';
import { deliveryWindow, type ShippingOption } from '../pricing/shipping.js';
import { sessionMessages } from './messages.js';
import { type PaymentTerms, paymentOffer } from './payment-offer.js';
import { toAcpAddress, type AcpSession } from './session.js';
import { type AcpVersion } from './versions.js';
import { VERSION_SHAPES, type VersionShape } from './wire/version-shapes.js';

export interface RenderContext {
  readonly origin: string;
  readonly version: AcpVersion;
  readonly catalogue: Catalogue;
  readonly clock: Clock;
  readonly payment: PaymentTerms;
}

export type AcpStatus = 'not_ready_for_payment' | 'ready_for_payment' | 'completed' | 'canceled';

export const sessionStatus = (session: AcpSession, quote: Quote): AcpStatus => {
  if (session.state === 'completed') return 'completed';
  if (session.state === 'canceled') return 'canceled';
  return session.address && isPayable(quote) ? 'ready_for_payment' : 'not_ready_for_payment';
};

const lineItemId = (index: number) => `line_item_${index + 1}`;

/** The authoritative cart state, in the field names and shapes of the API version the client asked for. */
export const renderSession = (session: AcpSession, quote: Quote, context: RenderContext): Record<string, unknown> => {
  const shape = VERSION_SHAPES[context.version];
  const addressPath =
    shape.fulfillment === 'fulfillment_address' ? '$.fulfillment_address' : '$.fulfillment_details.address';
  const buyer =
    session.buyer && shape.buyerRequires.every((field) => session.buyer?.[field]) ? session.buyer : undefined;
  return {
    id: session.id,
    ...(shape.capabilities ? { protocol: { version: context.version } } : {}),
    status: sessionStatus(session, quote),
    currency: CURRENCY.toLowerCase(),
    ...(buyer ? { buyer: renderBuyer(buyer, shape) } : {}),
    ...paymentOffer(shape, context.payment),
    line_items: quote.lines.map((line, index) => renderLine(line, index, shape)),
    ...renderFulfillment(session, quote, shape),
    fulfillment_options: quote.shippingOptions.map((option) => renderOption(option, shape, context.clock)),
    totals: renderTotals(quote, session.address !== undefined),
    messages: sessionMessages(session, quote, context.catalogue, addressPath),
    links: [
      { type: 'terms_of_use', url: `${context.origin}/legal/terms` },
      { type: 'privacy_policy', url: `${context.origin}/legal/privacy` },
    ],
    ...(session.order
      ? {
          order: {
            id: session.order.number,
            checkout_session_id: session.id,
            permalink_url: `${context.origin}/orders/${session.order.number}`,
          },
        }
      : {}),
  };
};

const renderBuyer = (buyer: NonNullable<AcpSession['buyer']>, shape: VersionShape): Record<string, string> => ({
  ...(buyer.first_name ? { first_name: buyer.first_name } : {}),
  ...(buyer.last_name ? { last_name: buyer.last_name } : {}),
  ...(buyer.full_name && shape.lineItem === 'totals' ? { full_name: buyer.full_name } : {}),
  email: buyer.email,
  ...(buyer.phone_number ? { phone_number: buyer.phone_number } : {}),
});

const amountsOf = (line: PricedLine) => ({
  base_amount: line.baseAmount,
  discount: line.discount,
  subtotal: line.subtotal,
  tax: line.tax,
  total: line.total,
});

const renderLine = (line: PricedLine, index: number, shape: VersionShape): Record<string, unknown> => {
  const name = line.variant?.size ? `${line.product.name} (${line.variant.size})` : line.product.name;
  switch (shape.lineItem) {
    case 'amounts':
      return { id: lineItemId(index), item: { id: line.itemId, quantity: line.quantity }, ...amountsOf(line) };
    case 'amounts_named':
      return {
        id: lineItemId(index),
        item: { id: line.itemId, quantity: line.quantity },
        name,
        unit_amount: line.unitAmount,
        ...amountsOf(line),
      };
    case 'totals':
      return {
        id: lineItemId(index),
        item: { id: line.itemId },
        quantity: line.quantity,
        name,
        unit_amount: line.unitAmount,
        totals: [
          { type: 'items_base_amount', display_text: 'Item(s) total', amount: line.baseAmount },
          { type: 'discount', display_text: 'Discount', amount: line.discount },
          { type: 'subtotal', display_text: 'Subtotal', amount: line.subtotal },
          { type: 'tax', display_text: 'Tax', amount: line.tax },
          { type: 'total', display_text: 'Total', amount: line.total },
        ],
      };
  }
};

const renderFulfillment = (session: AcpSession, quote: Quote, shape: VersionShape): Record<string, unknown> => {
  const selected = quote.shipping;
  if (shape.fulfillment === 'fulfillment_address') {
    return {
      ...(session.address ? { fulfillment_address: toAcpAddress(session.address) } : {}),
      ...(selected ? { fulfillment_option_id: selected.id } : {}),
    };
  }
  const contact = session.contact;
  const lineIds = quote.lines.map((_, index) => lineItemId(index));
  const selection =
    shape.selection === 'flat'
      ? { type: 'shipping', option_id: selected?.id, item_ids: lineIds }
      : { type: 'shipping', shipping: { option_id: selected?.id, item_ids: lineIds } };
  return {
    ...(session.address || contact
      ? {
          fulfillment_details: {
            ...(contact?.name ? { name: contact.name } : {}),
            ...(contact?.phone ? { phone_number: contact.phone } : {}),
            ...(contact?.email ? { email: contact.email } : {}),
            ...(session.address ? { address: toAcpAddress(session.address) } : {}),
          },
        }
      : {}),
    ...(selected ? { selected_fulfillment_options: [selection] } : {}),
  };
};

const renderOption = (option: ShippingOption, shape: VersionShape, clock: Clock): Record<string, unknown> => {
  const window = deliveryWindow(option, clock);
  const price =
    shape.optionPrice === 'amounts'
      ? { subtotal: option.amount, tax: 0, total: option.amount }
      : { totals: [{ type: 'fulfillment', display_text: option.title, amount: option.amount }] };
  return {
    type: 'shipping',
    id: option.id,
    title: option.title,
    [shape.optionText]: option.subtitle,
    carrier: option.carrier,
    earliest_delivery_time: window.earliest,
    latest_delivery_time: window.latest,
    ...price,
  };
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
