import type { OrderListFacets } from '@paykit/orders';

/**
 * The facet keys an order is listed under: every combination of its payment filter value,
 * delivery filter value and currency terms (its currency, plus `fiat` for fiat methods), and
 * its buyer wallet alone. Each key is an index range in `(project, facet, createdAt, orderId)`
 * order, so any conjunction of payment, delivery and currency filters is a set of exact index
 * seeks, never a scan filtered row by row.
 */
export const facetKeysOf = (facets: OrderListFacets): string[] => {
  const payment = paymentFacet(facets.paymentFilter);
  const delivery = deliveryFacet(facets.deliveryFilter);
  const keys = [payment, delivery, combine(payment, delivery)];
  for (const currency of currencyTermsOf(facets)) {
    const c = currencyFacet(currency);
    keys.push(c, combine(payment, c), combine(delivery, c), combine(payment, delivery, c));
  }
  if (facets.buyerWalletAddress !== undefined) keys.push(walletFacet(walletKey(facets.buyerWalletAddress)));
  return keys;
};

/** The currency filter terms that match an order: its currency, and `fiat` when it pays in fiat. */
export const currencyTermsOf = (facets: Pick<OrderListFacets, 'currency' | 'fiat'>): string[] =>
  facets.fiat && facets.currency !== FIAT ? [facets.currency, FIAT] : [facets.currency];

export const FIAT = 'fiat';

/**
 * EVM addresses compare case-insensitively (mixed case is only a checksum); Solana's base58
 * is case-sensitive and kept as is.
 */
export const walletKey = (address: string): string =>
  /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address;

export const paymentFacet = (value: string): string => `p:${value}`;
export const deliveryFacet = (value: string): string => `d:${value}`;
export const currencyFacet = (value: string): string => `c:${value}`;
export const walletFacet = (value: string): string => `w:${value}`;
/** Parts in the fixed order payment, delivery, currency: one spelling per combination. */
export const combine = (...parts: string[]): string => parts.join('|');
