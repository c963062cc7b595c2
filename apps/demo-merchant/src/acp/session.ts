import { type Order, type ShippingAddress } from '../orders/order.js';
import { type Quote, type QuoteLine } from '../pricing/quote.js';
import { type SessionChanges } from './wire/decode.js';
import { type AcpAddress, type AcpBuyer } from './wire/request-schemas.js';

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

/** Applies a decoded create or update body (any version). */
export const applySessionChanges = (session: AcpSession, changes: SessionChanges): void => {
  if (changes.items) session.items = changes.items;
  if (changes.buyer) session.buyer = changes.buyer;
  if (changes.address) session.address = toShippingAddress(changes.address);
  if (changes.contact) session.contact = changes.contact;
  if (changes.option) session.shippingOptionId = changes.option.id;
};

/** The buyer's name for the order: first and last, else the full name, else the delivery contact's. */
export const buyerName = (buyer: AcpBuyer, contact: FulfillmentContact | undefined): string =>
  [buyer.first_name, buyer.last_name].filter(Boolean).join(' ') || buyer.full_name || contact?.name || buyer.email;
