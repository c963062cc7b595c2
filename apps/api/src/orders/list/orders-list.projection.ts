import type { RecordedEvent } from '@paykit/event-store';
import {
  type Order,
  type OrderEvent,
  type OrderEventType,
  orderDecider,
  orderListFacets,
  toOrderResource,
} from '@paykit/orders';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import { facetKeysOf, walletKey } from './order-facets.js';

export const ORDERS_LIST_PROJECTION = 'orders-list';
export const ORDERS_TABLE = 'orders_list';
export const FACETS_TABLE = 'orders_list_facets';

/**
 * One row per placed order (drafts are never stored, so never here): the folded order for the
 * next event, its resource as the API returns it, and the columns the list filters on. Beside
 * it, one facet row per filterable combination (see order-facets.ts), keyed for keyset seeks.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS ${ORDERS_TABLE} (
    order_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revision INTEGER NOT NULL,
    payment_filter TEXT NOT NULL,
    delivery_filter TEXT NOT NULL,
    currency TEXT NOT NULL,
    fiat INTEGER NOT NULL,
    buyer_wallet TEXT,
    state TEXT NOT NULL,
    resource TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS ${ORDERS_TABLE}_by_project ON ${ORDERS_TABLE} (project_id, created_at, order_id);
  CREATE TABLE IF NOT EXISTS ${FACETS_TABLE} (
    project_id TEXT NOT NULL,
    facet TEXT NOT NULL,
    created_at TEXT NOT NULL,
    order_id TEXT NOT NULL,
    PRIMARY KEY (project_id, facet, created_at, order_id)
  ) STRICT, WITHOUT ROWID;`;

export interface OrderListStatements {
  readonly find: Statement<[string], { project_id: string; revision: number; state: string }>;
  readonly upsert: Statement<[Record<string, string | number | null>]>;
  readonly addFacet: Statement<[string, string, string, string]>;
  readonly removeFacet: Statement<[string, string, string, string]>;
}

export const prepareOrderListStatements = (db: ReadModelDatabase): OrderListStatements => ({
  find: db.prepare(`SELECT project_id, revision, state FROM ${ORDERS_TABLE} WHERE order_id = ?`),
  upsert: db.prepare(
    `INSERT INTO ${ORDERS_TABLE} (order_id, project_id, created_at, revision, payment_filter, delivery_filter,
       currency, fiat, buyer_wallet, state, resource)
     VALUES (@orderId, @projectId, @createdAt, @revision, @paymentFilter, @deliveryFilter,
       @currency, @fiat, @buyerWallet, @state, @resource)
     ON CONFLICT (order_id) DO UPDATE SET revision = excluded.revision, payment_filter = excluded.payment_filter,
       delivery_filter = excluded.delivery_filter, currency = excluded.currency, fiat = excluded.fiat,
       buyer_wallet = excluded.buyer_wallet, state = excluded.state, resource = excluded.resource`,
  ),
  addFacet: db.prepare(
    `INSERT OR IGNORE INTO ${FACETS_TABLE} (project_id, facet, created_at, order_id) VALUES (?, ?, ?, ?)`,
  ),
  removeFacet: db.prepare(
    `DELETE FROM ${FACETS_TABLE} WHERE project_id = ? AND facet = ? AND created_at = ? AND order_id = ?`,
  ),
});

/** The sort key: one fixed ISO form, so text order is time order whatever the event spelled. */
const sortableTime = (timestamp: string): string => new Date(timestamp).toISOString();

/**
 * Writes an order as it now stands (`previous`: as it stood before, or null for a new one):
 * the row, and only the facet rows that changed. The projection's one write path; the
 * benchmark fills read models through it too.
 */
export const writeOrder = (
  statements: OrderListStatements,
  entry: {
    readonly projectId: string;
    readonly order: Order;
    readonly revision: number;
    readonly previous: Order | null;
  },
): void => {
  const { projectId, order, revision, previous } = entry;
  const facets = orderListFacets(order);
  const createdAt = sortableTime(order.createdAt);
  statements.upsert.run({
    orderId: order.orderId,
    projectId,
    createdAt,
    revision,
    paymentFilter: facets.paymentFilter,
    deliveryFilter: facets.deliveryFilter,
    currency: facets.currency,
    fiat: facets.fiat ? 1 : 0,
    buyerWallet: facets.buyerWalletAddress === undefined ? null : walletKey(facets.buyerWalletAddress),
    state: JSON.stringify(order),
    resource: JSON.stringify(toOrderResource(order)),
  });
  const next = new Set(facetKeysOf(facets));
  const before = previous === null ? [] : facetKeysOf(orderListFacets(previous));
  for (const key of before) if (!next.delete(key)) statements.removeFacet.run(projectId, key, createdAt, order.orderId);
  for (const key of next) statements.addFacet.run(projectId, key, createdAt, order.orderId);
};

/** Every order event type; a new one fails to compile here until the list decides about it. */
const ORDER_EVENTS: Readonly<Record<OrderEventType, true>> = {
  OrderCreated: true,
  OrderQuoteExpired: true,
  OrderRequoted: true,
  OrderKycInquiryStarted: true,
  OrderKycOutcomeRecorded: true,
  OrderReceiptEmailProvided: true,
  OrderCryptoPayerProvided: true,
  OrderPayerFundsChecked: true,
  OrderCardPaymentStarted: true,
  OrderCardVerificationRequired: true,
  OrderCardPaymentSucceeded: true,
  OrderCardPaymentDeclined: true,
  OrderCryptoDepositReceived: true,
  OrderDeliveryStarted: true,
  OrderDeliveryCompleted: true,
  OrderDeliveryFailed: true,
  OrderPaymentRefunded: true,
};
const ORDER_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(ORDER_EVENTS));

/** An order as a batch has folded it so far, and as its row stood before the batch. */
interface Folding {
  projectId: string | null;
  readonly stored: Order | null;
  current: Order | null;
  revision: number;
  changed: boolean;
}

/**
 * Folds one event into `orders` (an order is read from its row when first seen): what `apply`
 * then writes at once, and `applyBatch` once per order at the end of the batch.
 */
const fold = (recorded: RecordedEvent, statements: OrderListStatements, orders: Map<string, Folding>): void => {
  if (!ORDER_EVENT_TYPES.has(recorded.type)) return;
  const event = { type: recorded.type, data: recorded.data } as OrderEvent;
  const { orderId } = event.data;
  let folding = orders.get(orderId);
  if (!folding) {
    const row = statements.find.get(orderId);
    const stored = row ? (JSON.parse(row.state) as Order) : null;
    folding = {
      projectId: row?.project_id ?? null,
      stored,
      current: stored,
      revision: row?.revision ?? -1,
      changed: false,
    };
    orders.set(orderId, folding);
  }
  const revision = Number(recorded.revision);
  if (folding.revision >= revision) return;
  const projectId = folding.projectId ?? recorded.metadata.projectId;
  const order = orderDecider.evolve(folding.current, event);
  if (order === null || projectId === null) return;
  Object.assign(folding, { projectId, current: order, revision, changed: true });
};

const writeFolded = (statements: OrderListStatements, orders: Map<string, Folding>): void => {
  for (const { projectId, stored, current, revision, changed } of orders.values())
    if (changed && current !== null && projectId !== null)
      writeOrder(statements, { projectId, order: current, revision, previous: stored });
};

/**
 * Folds every order event with the decider's own `evolve`. A row stores the stream revision it
 * reflects, so an event already folded is skipped. The project is the one the order was
 * created under: later events (a worker's delivery) may carry no project. A batch (a rebuild
 * replays thousands of events per transaction) writes each order's row and facets once.
 */
export const ordersListProjection = defineProjection<OrderListStatements>({
  name: ORDERS_LIST_PROJECTION,
  // 2: rows hold the resource of ADR 0111 (fees object, shipping, callData, totalPaid).
  version: 2,
  tables: [ORDERS_TABLE, FACETS_TABLE],
  schema: SCHEMA,
  statements: prepareOrderListStatements,
  apply: (recorded: RecordedEvent, statements) => {
    const orders = new Map<string, Folding>();
    fold(recorded, statements, orders);
    writeFolded(statements, orders);
  },
  applyBatch: (events, statements) => {
    const orders = new Map<string, Folding>();
    for (const recorded of events) fold(recorded, statements, orders);
    writeFolded(statements, orders);
  },
});
