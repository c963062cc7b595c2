import { FIAT, combine, currencyFacet, deliveryFacet, paymentFacet, walletFacet } from './order-facets.js';
import type { OrderListFilter } from './order-list-filter.js';
import { FACETS_TABLE, ORDERS_TABLE } from './orders-list.projection.js';

/** A page position: the createdAt sort key and the order id that breaks ties. */
export type OrderKey = readonly [createdAt: string, orderId: string];

/** SQL text and its positional parameters. */
export interface SqlQuery {
  readonly sql: string;
  readonly parameters: readonly (string | number)[];
}

/**
 * Builds the keyset query of one page: the keys (createdAt, orderId) of at most `count`
 * orders of a project matching `filter`, strictly past `bound` in `direction`.
 *
 * The plan is fixed by which filters are present, so that every page is index seeks that
 * read O(page) entries:
 * - order ids: primary-key lookups (at most 20), other filters checked on those rows, sorted;
 * - wallets: one seek per wallet in the facet index, other filters checked on that buyer's rows;
 * - payment, delivery and currency filters: one seek per combination of their terms, each on
 *   the facet that names exactly that combination (see order-facets.ts);
 * - no filter: the project's (createdAt, orderId) index.
 * Several seeks are merged by a compound SELECT whose ORDER BY SQLite runs as a merge of
 * ordered co-routines, stopping at the LIMIT (checked with EXPLAIN QUERY PLAN in the tests).
 */
export const orderPageQuery = (options: {
  readonly projectId: string;
  readonly filter: OrderListFilter;
  readonly direction: 'asc' | 'desc';
  readonly bound: OrderKey | null;
  readonly count: number;
}): SqlQuery => {
  const { projectId, filter, direction, bound, count } = options;
  const order = `ORDER BY created_at ${direction.toUpperCase()}, order_id ${direction.toUpperCase()} LIMIT ?`;
  const keyset = (alias: string) =>
    bound === null ? [] : [`(${alias}.created_at, ${alias}.order_id) ${direction === 'desc' ? '<' : '>'} (?, ?)`];
  const keysetParameters = bound === null ? [] : [bound[0], bound[1]];

  if (filter.orderId.length > 0) {
    const residual = residualOf(filter, { wallet: true });
    // CROSS JOIN fixes the join order: the ids drive primary-key lookups. Otherwise SQLite may
    // walk the whole project's index to avoid sorting the few rows found.
    return {
      sql: `SELECT o.created_at AS created_at, o.order_id AS order_id
        FROM json_each(?) ids CROSS JOIN ${ORDERS_TABLE} o ON o.order_id = ids.value
        WHERE ${['o.project_id = ?', ...keyset('o'), ...residual.sql].join(' AND ')} ${order}`,
      parameters: [JSON.stringify(filter.orderId), projectId, ...keysetParameters, ...residual.parameters, count],
    };
  }

  const seeks = filter.wallet.length > 0 ? filter.wallet.map(walletFacet) : combinationFacets(filter);
  if (seeks.length === 0) {
    return {
      sql: `SELECT o.created_at AS created_at, o.order_id AS order_id FROM ${ORDERS_TABLE} o
        WHERE ${['o.project_id = ?', ...keyset('o')].join(' AND ')} ${order}`,
      parameters: [projectId, ...keysetParameters, count],
    };
  }

  const residual = filter.wallet.length > 0 ? residualOf(filter, { wallet: false }) : { sql: [], parameters: [] };
  const join = residual.sql.length > 0 ? ` JOIN ${ORDERS_TABLE} o ON o.order_id = f.order_id` : '';
  const arm = `SELECT f.created_at AS created_at, f.order_id AS order_id FROM ${FACETS_TABLE} f${join}
    WHERE ${['f.project_id = ?', 'f.facet = ?', ...keyset('f'), ...residual.sql].join(' AND ')}`;
  const armParameters = (facet: string) => [projectId, facet, ...keysetParameters, ...residual.parameters];
  return {
    // UNION, not UNION ALL: an order paid in usd is under both `usd` and `fiat`.
    sql: `${seeks.map(() => arm).join('\nUNION\n')}\n${order}`,
    parameters: [...seeks.flatMap(armParameters), count],
  };
};

/** The facet of each combination of the payment, delivery and currency terms present. */
const combinationFacets = (filter: OrderListFilter): string[] => {
  const dimensions = [
    filter.payment.map(paymentFacet),
    filter.delivery.map(deliveryFacet),
    filter.currency.map(currencyFacet),
  ].filter((terms) => terms.length > 0);
  const [first, ...rest] = dimensions;
  if (first === undefined) return [];
  return rest.reduce((keys, terms) => keys.flatMap((key) => terms.map((term) => combine(key, term))), first);
};

/** Filters checked on the rows a seek found (order ids or wallets drive the seek). */
const residualOf = (
  filter: OrderListFilter,
  include: { readonly wallet: boolean },
): { sql: string[]; parameters: string[] } => {
  const sql: string[] = [];
  const parameters: string[] = [];
  const inList = (column: string, terms: readonly string[]) => {
    if (terms.length === 0) return;
    sql.push(`o.${column} IN (${marks(terms)})`);
    parameters.push(...terms);
  };
  inList('payment_filter', filter.payment);
  inList('delivery_filter', filter.delivery);
  if (filter.currency.length > 0) {
    const fiat = filter.currency.includes(FIAT) ? ' OR o.fiat = 1' : '';
    sql.push(`(o.currency IN (${marks(filter.currency)})${fiat})`);
    parameters.push(...filter.currency);
  }
  if (include.wallet) inList('buyer_wallet', filter.wallet);
  return { sql, parameters };
};

const marks = (terms: readonly unknown[]): string => terms.map(() => '?').join(', ');
