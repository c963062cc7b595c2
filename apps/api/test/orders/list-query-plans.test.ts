import { type ReadModelDatabase, openReadModelDatabase } from '@paykit/projections';
import type { OrderListFilter } from '../../src/orders/list/order-list-filter.js';
import { type OrderKey, orderPageQuery } from '../../src/orders/list/order-page-query.js';
import { ordersListProjection } from '../../src/orders/list/orders-list.projection.js';

/**
 * Every filter combination the list supports, multi-valued, in both sorts, on a first page and
 * past a cursor: its plan must be index seeks only. A full scan (`SCAN`) or a sort of what the
 * seeks found (`TEMP B-TREE`) would make a page cost O(project) instead of O(page).
 */
const TERMS: Readonly<Record<keyof OrderListFilter, readonly string[]>> = {
  payment: ['succeeded', 'declined', 'refunded'],
  delivery: ['delivered', 'failed'],
  currency: ['usdc', 'fiat', 'eth'],
  wallet: ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'],
  orderId: ['6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b', '7a1c9e52-3f4b-4d8e-9a21-5b6c7d8e9f01'],
};
const DIMENSIONS = Object.keys(TERMS) as (keyof OrderListFilter)[];

/** Each subset of the filters, each filter with one term and with several. */
const filterCombinations = (): { name: string; filter: OrderListFilter }[] => {
  const combinations: { name: string; filter: OrderListFilter }[] = [];
  for (let mask = 0; mask < 1 << DIMENSIONS.length; mask++) {
    for (const several of [false, true]) {
      const present = DIMENSIONS.filter((_, index) => mask & (1 << index));
      if (present.length === 0 && several) continue;
      const filter = Object.fromEntries(
        DIMENSIONS.map((dimension) => [
          dimension,
          present.includes(dimension) ? TERMS[dimension].slice(0, several ? undefined : 1) : [],
        ]),
      ) as unknown as OrderListFilter;
      combinations.push({ name: `${present.join('+') || 'no filter'}${several ? ' (several terms)' : ''}`, filter });
    }
  }
  return combinations;
};

const CASES = filterCombinations().flatMap(({ name, filter }) =>
  (['desc', 'asc'] as const).flatMap((direction) =>
    [null, ['2026-01-01T00:00:00.000Z', '7a1c9e52-3f4b-4d8e-9a21-5b6c7d8e9f01'] as OrderKey].map((bound) => ({
      label: `${name}, ${direction}${bound ? ', past a cursor' : ''}`,
      filter,
      direction,
      bound,
    })),
  ),
);

describe('the orders list query plans', () => {
  let db: ReadModelDatabase;

  beforeAll(() => {
    db = openReadModelDatabase(':memory:');
    ordersListProjection.setup(db);
  });
  afterAll(() => db.close());

  const planOf = (query: ReturnType<typeof orderPageQuery>): string[] =>
    (db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.parameters) as { detail: string }[]).map(
      (row) => row.detail,
    );

  it.each(CASES)('$label: index seeks only', ({ filter, direction, bound }) => {
    const query = orderPageQuery({ projectId: 'project', filter, direction, bound, count: 31 });
    const plan = planOf(query);
    const seeks = plan.filter((line) => line.startsWith('SEARCH'));
    // The one scan allowed: of the (at most 20) order ids the query names.
    expect(plan.filter((line) => line.startsWith('SCAN') && !line.startsWith('SCAN ids VIRTUAL TABLE'))).toEqual([]);
    expect(seeks.length).toBeGreaterThan(0);
    if (filter.orderId.length > 0) {
      // At most 20 rows by primary key; sorting those is O(20).
      expect(seeks).toEqual([
        expect.stringMatching(/^SEARCH o USING INDEX sqlite_autoindex_orders_list_1 \(order_id=\?\)/),
      ]);
      return;
    }
    expect(plan.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
    const driving = seeks.filter((line) => !line.startsWith('SEARCH o USING INDEX sqlite_autoindex'));
    const keyset = bound === null ? '' : ' AND \\(created_at,order_id\\)[<>]\\(\\?,\\?\\)';
    const facetSeek = new RegExp(`^SEARCH f USING PRIMARY KEY \\(project_id=\\? AND facet=\\?${keyset}\\)$`);
    const projectSeek = new RegExp(
      `^SEARCH o USING COVERING INDEX orders_list_by_project \\(project_id=\\?${keyset}\\)$`,
    );
    const filtered = DIMENSIONS.some((dimension) => filter[dimension].length > 0);
    for (const line of driving) expect(line).toMatch(filtered ? facetSeek : projectSeek);
    if (driving.length > 1) expect(plan).toContain('MERGE (UNION)');
  });

  it('reads one seek per combination of terms, and one per wallet with the other filters checked on its rows', () => {
    const base: OrderListFilter = { payment: [], delivery: [], currency: [], wallet: [], orderId: [] };
    const arms = (filter: OrderListFilter) =>
      orderPageQuery({ projectId: 'p', filter, direction: 'desc', bound: null, count: 3 }).sql.split('UNION').length;
    expect(arms({ ...base, payment: ['succeeded', 'declined'] })).toBe(2);
    expect(
      arms({ ...base, payment: ['succeeded', 'declined'], delivery: ['failed'], currency: ['usd', 'fiat', 'usdc'] }),
    ).toBe(6);
    expect(arms({ ...base, wallet: TERMS.wallet, payment: ['succeeded', 'declined'], currency: ['usd'] })).toBe(2);
  });

  it('keeps the largest combination (5 payment x 4 delivery x 20 currency terms) within SQLite compound limits', () => {
    const filter: OrderListFilter = {
      payment: ['quote-phase', 'in-progress', 'succeeded', 'declined', 'expired'],
      delivery: ['not-started', 'in-progress', 'partial-delivery', 'delivered'],
      currency: Array.from({ length: 20 }, (_, index) => `c${index}`),
      wallet: [],
      orderId: [],
    };
    const query = orderPageQuery({ projectId: 'p', filter, direction: 'desc', bound: null, count: 101 });
    expect(db.prepare(query.sql).all(...query.parameters)).toEqual([]);
  });
});
