import { defineProjection } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';

interface OrderRow {
  readonly revision: number;
  readonly state: string;
}

interface Statements {
  readonly find: Statement<[string], OrderRow>;
  readonly upsert: Statement<[Record<string, string | number>]>;
  readonly facet: Statement<[string, string, string, string]>;
}

/**
 * The benchmark's read model, written like the API's orders list: per event, read the order's
 * row, fold the event into its JSON state, write the row back (skipping an event already
 * folded), plus facet rows for filtered lists on a WITHOUT ROWID table.
 */
export const ordersLikeProjection = defineProjection<Statements>({
  name: 'bench-orders',
  version: 1,
  tables: ['bench_orders', 'bench_order_facets'],
  schema: `
    CREATE TABLE IF NOT EXISTS bench_orders (
      order_id TEXT PRIMARY KEY, project_id TEXT NOT NULL, created_at TEXT NOT NULL,
      status TEXT NOT NULL, currency TEXT NOT NULL, revision INTEGER NOT NULL, state TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS bench_orders_by_project ON bench_orders (project_id, created_at, order_id);
    CREATE TABLE IF NOT EXISTS bench_order_facets (
      project_id TEXT NOT NULL, facet TEXT NOT NULL, created_at TEXT NOT NULL, order_id TEXT NOT NULL,
      PRIMARY KEY (project_id, facet, created_at, order_id)
    ) STRICT, WITHOUT ROWID;`,
  statements: (db) => ({
    find: db.prepare('SELECT revision, state FROM bench_orders WHERE order_id = ?'),
    upsert: db.prepare(
      `INSERT INTO bench_orders (order_id, project_id, created_at, status, currency, revision, state)
       VALUES (@orderId, @projectId, @createdAt, @status, @currency, @revision, @state)
       ON CONFLICT (order_id) DO UPDATE SET status = excluded.status, revision = excluded.revision, state = excluded.state`,
    ),
    facet: db.prepare('INSERT OR IGNORE INTO bench_order_facets VALUES (?, ?, ?, ?)'),
  }),
  apply: (event, statements) => {
    if (!event.streamName.startsWith('order-') || event.metadata.projectId === null) return;
    const data = event.data as Record<string, unknown> & { orderId: string };
    const row = statements.find.get(data.orderId);
    const revision = Number(event.revision);
    if (row && row.revision >= revision) return;
    const state: Record<string, unknown> = {
      ...(row ? (JSON.parse(row.state) as Record<string, unknown>) : {}),
      ...data,
      status: event.type,
    };
    const createdAt = String(state['createdAt']);
    statements.upsert.run({
      orderId: data.orderId,
      projectId: event.metadata.projectId,
      createdAt,
      status: event.type,
      currency: String(state['currency']),
      revision,
      state: JSON.stringify(state),
    });
    if (event.type === 'OrderCreated') {
      statements.facet.run(event.metadata.projectId, `currency:${String(state['currency'])}`, createdAt, data.orderId);
      statements.facet.run(event.metadata.projectId, `chain:${String(state['chain'])}`, createdAt, data.orderId);
    }
  },
});
