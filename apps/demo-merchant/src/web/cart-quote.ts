import { quote, type PriceStage, type Quote } from '../pricing/quote.js';
import { type WebDeps } from './context.js';
import { type Visitor } from './visitors.js';

/** The visitor's cart priced at a stage; from review on, to the address typed at checkout. */
export const cartQuote = (deps: WebDeps, visitor: Visitor, stage: PriceStage): Quote => {
  const address = stage === 'review' ? visitor.details?.address : undefined;
  return quote(deps.catalogue, {
    lines: visitor.cart.map((line) => ({ itemId: line.sku, quantity: line.quantity })),
    ...(address
      ? { destination: { country: address.country, ...(address.state ? { state: address.state } : {}) } }
      : {}),
    ...(visitor.shippingOptionId ? { shippingOptionId: visitor.shippingOptionId } : {}),
    stage,
  });
};
