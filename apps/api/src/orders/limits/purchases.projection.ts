import type { OrderEvent } from '@paykit/orders';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';

const prepare = (db: ReadModelDatabase, sql: string) => db.prepare<unknown[]>(sql);
type Statement = ReturnType<typeof prepare>;

export const ORDER_PURCHASES_PROJECTION = 'order-purchases';

/**
 * What each onramp order counts toward its buyer's purchase limit (see purchaseOfOrder): the
 * card attempt's amount from the moment it starts, nothing once declined or refunded. One row
 * per order; the early check at order creation sums a user's rows inside the window through the
 * index (the payment itself claims from the buyer's budget: PurchaseClaims, ADR 0102).
 */
export const orderPurchasesProjection = defineProjection<{ create: Statement; count: Statement; uncount: Statement }>({
  name: ORDER_PURCHASES_PROJECTION,
  version: 1,
  tables: ['order_purchases'],
  schema: `
    CREATE TABLE IF NOT EXISTS order_purchases (
      order_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      buyer TEXT NOT NULL,
      currency TEXT NOT NULL,
      amount TEXT,
      at TEXT
    ) STRICT;
    CREATE INDEX IF NOT EXISTS order_purchases_by_buyer ON order_purchases (project_id, buyer, currency, at);
  `,
  statements: (db) => ({
    create: prepare(
      db,
      'INSERT OR IGNORE INTO order_purchases (order_id, project_id, buyer, currency) VALUES (?, ?, ?, ?)',
    ),
    count: prepare(db, 'UPDATE order_purchases SET amount = ?, at = ? WHERE order_id = ?'),
    uncount: prepare(db, 'UPDATE order_purchases SET amount = NULL, at = NULL WHERE order_id = ?'),
  }),
  apply: (event, { create, count, uncount }) => {
    const projectId = event.metadata.projectId;
    if (projectId === null || !event.streamName.startsWith('order-')) return;
    const order = { type: event.type, data: event.data } as OrderEvent;
    switch (order.type) {
      case 'OrderCreated':
        if (order.data.kind === 'onramp')
          create.run(order.data.orderId, projectId, order.data.buyer.userLocator, order.data.payment.currency);
        break;
      case 'OrderCardPaymentStarted':
        count.run(order.data.amount.amount, new Date(order.data.startedAt).toISOString(), order.data.orderId);
        break;
      case 'OrderCardPaymentDeclined':
      case 'OrderPaymentRefunded':
        uncount.run(order.data.orderId);
        break;
      default:
        break;
    }
  },
});
