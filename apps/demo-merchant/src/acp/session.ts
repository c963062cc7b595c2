import { type Order, type ShippingAddress } from '../orders/order.js';
import { type Quote, type QuoteLine } from '../pricing/quote.js';
import { type AcpAddress, type AcpBuyer, type UpdateSessionBody } from './schemas.js';

export interface FulfillmentContact {
  readonly name?: string;
  readonly email?: string;
  readonly phone?: string;
}

/** One agentic checkout session as the shop keeps it; the cart state is re-priced on every read. */
export interface AcpSession {
  readonly id: string;
  readonly createdAt: string;
  state: 'open' | 'completed' | 'canceled';
  items: readonly QuoteLine[];
  buyer?: AcpBuyer;
  address?: ShippingAddress;
  contact?: FulfillmentContact;
  shippingOptionId?: string;
  /** The last payment failure, shown as a message until the session changes again. */
  paymentError?: string;
  /** The prices at completion or cancellation: a finished session no longer follows stock or prices. */
  frozenQuote?: Quote;
  order?: Order;
}

export const toShippingAddress = (address: AcpAddress): ShippingAddress => ({
  name: address.name,
  line1: address.line_one,
  ...(address.line_two ? { line2: address.line_two } : {}),
  city: address.city,
  ...(address.state ? { state: address.state.toUpperCase() } : {}),
  postalCode: address.postal_code,
  country: address.country.toUpperCase(),
});

export const toAcpAddress = (address: ShippingAddress): Record<string, string> => ({
  name: address.name,
  line_one: address.line1,
  line_two: address.line2 ?? '',
  city: address.city,
  state: address.state ?? '',
  country: address.country,
  postal_code: address.postalCode,
});

/**
 * Applies the fields of a create or update body. Both generations of the protocol are accepted:
 * `fulfillment_address` / `fulfillment_option_id` and `fulfillment_details` / `selected_fulfillment_options`.
 */
export const applySessionFields = (session: AcpSession, body: UpdateSessionBody): void => {
  if (body.items) session.items = body.items.map((item) => ({ itemId: item.id, quantity: item.quantity }));
  if (body.buyer) session.buyer = body.buyer;
  const details = body.fulfillment_details;
  const address = body.fulfillment_address ?? details?.address;
  if (address) session.address = toShippingAddress(address);
  if (details) {
    session.contact = {
      ...(details.name ? { name: details.name } : {}),
      ...(details.email ? { email: details.email } : {}),
      ...(details.phone_number ? { phone: details.phone_number } : {}),
    };
  }
  const optionId = body.fulfillment_option_id ?? body.selected_fulfillment_options?.[0]?.option_id;
  if (optionId) session.shippingOptionId = optionId;
};
