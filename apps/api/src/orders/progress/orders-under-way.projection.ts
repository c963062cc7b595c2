import type { OrderEvent } from '@paykit/orders';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';

const prepare = (db: ReadModelDatabase, sql: string) => db.prepare<unknown[]>(sql);
type Statement = ReturnType<typeof prepare>;

export const ORDERS_UNDER_WAY_PROJECTION = 'orders-under-way';

interface Statements {
  readonly add: Statement;
  readonly park: Statement;
  readonly resume: Statement;
  readonly remove: Statement;
  readonly removeOfframp: Statement;
}

/**
 * The orders the worker still has something to do for. An order is added when placed and
 * removed once finished (delivered, refunded, payout failed, identity check declined); an
 * unpaid order whose quote lapsed is parked until a payment re-quotes it. The worker's queue is
 * this table, so after a restart it resumes where it was (the checkpoint is committed with the rows).
 */
export const ordersUnderWayProjection = defineProjection<Statements>({
  name: ORDERS_UNDER_WAY_PROJECTION,
  version: 1,
  tables: ['orders_under_way'],
  schema: `
    CREATE TABLE IF NOT EXISTS orders_under_way (
      order_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      parked INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX IF NOT EXISTS orders_under_way_active ON orders_under_way (parked, order_id);
  `,
  statements: (db) => ({
    add: prepare(db, 'INSERT OR IGNORE INTO orders_under_way (order_id, project_id, kind) VALUES (?, ?, ?)'),
    park: prepare(db, 'UPDATE orders_under_way SET parked = 1 WHERE order_id = ?'),
    resume: prepare(db, 'UPDATE orders_under_way SET parked = 0 WHERE order_id = ?'),
    remove: prepare(db, 'DELETE FROM orders_under_way WHERE order_id = ?'),
    removeOfframp: prepare(db, "DELETE FROM orders_under_way WHERE order_id = ? AND kind = 'offramp'"),
  }),
  apply: (event, statements) => {
    const projectId = event.metadata.projectId;
    if (projectId === null || !event.streamName.startsWith('order-')) return;
    const order = { type: event.type, data: event.data } as OrderEvent;
    const id = order.data.orderId;
    switch (order.type) {
      case 'OrderCreated':
        statements.add.run(id, projectId, order.data.kind);
        break;
      case 'OrderQuoteExpired':
        statements.park.run(id);
        break;
      case 'OrderRequoted':
        statements.resume.run(id);
        break;
      case 'OrderDeliveryCompleted':
      case 'OrderPaymentRefunded':
        statements.remove.run(id);
        break;
      // A failed card delivery still owes a refund; a failed payout is left to operations.
      case 'OrderDeliveryFailed':
        statements.removeOfframp.run(id);
        break;
      case 'OrderKycOutcomeRecorded':
        if (order.data.outcome === 'declined') statements.remove.run(id);
        break;
      default:
        break;
    }
  },
});
