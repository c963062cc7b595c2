import {
  type ListOrdersQuery,
  MAX_ORDER_FILTER_TERMS,
  ORDER_DELIVERY_FILTERS,
  ORDER_PAYMENT_FILTERS,
} from '@paykit/contracts';
import { DELIVERY_FILTER_VALUES, PAYMENT_FILTER_VALUES } from '@paykit/orders';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { walletKey } from './order-facets.js';

/** A list's filters, normalized: each dimension's distinct terms in sorted order; empty = any. */
export interface OrderListFilter {
  readonly payment: readonly string[];
  readonly delivery: readonly string[];
  readonly currency: readonly string[];
  readonly wallet: readonly string[];
  readonly orderId: readonly string[];
}

export type OrderListSort = ListOrdersQuery['sort'];

const distinct = (terms: readonly string[] | undefined): string[] => [...new Set(terms ?? [])].sort();

/** A filter naming every value of a closed vocabulary matches every order: it filters nothing. */
const unlessEvery = (terms: string[], vocabulary: readonly string[]): string[] =>
  vocabulary.every((value) => terms.includes(value)) ? [] : terms;

export const orderListFilterOf = (query: ListOrdersQuery): OrderListFilter => {
  // Two names for one filter (buyerWalletAddress, recipientAddress): one budget of terms.
  const wallets = [...(query.buyerWalletAddress ?? []), ...(query.recipientAddress ?? [])];
  if (wallets.length > MAX_ORDER_FILTER_TERMS) {
    throw new RequestValidationError([
      {
        path: 'buyerWalletAddress',
        message: `must name at most ${MAX_ORDER_FILTER_TERMS} values (with recipientAddress)`,
      },
    ]);
  }
  return {
    payment: unlessEvery(distinct(query.paymentStatus), ORDER_PAYMENT_FILTERS),
    delivery: unlessEvery(distinct(query.deliveryStatus), ORDER_DELIVERY_FILTERS),
    currency: distinct(query.currency),
    wallet: distinct(wallets.map(walletKey)),
    orderId: distinct(query.orderId),
  };
};

/** What a cursor is bound to: the project, the sort and the filters it was issued under. */
export const cursorBindingOf = (projectId: string, sort: OrderListSort, filter: OrderListFilter): string =>
  ['orders', projectId, sort, JSON.stringify(filter)].join('\n');

// The contract spells the spec's filter vocabularies; the domain maps statuses onto them.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const paymentVocabularyAgrees: Same<(typeof ORDER_PAYMENT_FILTERS)[number], (typeof PAYMENT_FILTER_VALUES)[number]> =
  true;
const deliveryVocabularyAgrees: Same<(typeof ORDER_DELIVERY_FILTERS)[number], (typeof DELIVERY_FILTER_VALUES)[number]> =
  true;
void paymentVocabularyAgrees;
void deliveryVocabularyAgrees;
