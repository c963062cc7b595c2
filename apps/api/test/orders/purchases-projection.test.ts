import type { RecordedEvent } from '@paykit/event-store';
import { type ReadModelDatabase, openReadModelDatabase } from '@paykit/projections';
import { foldInto } from '@paykit/projections/testing';
import { orderPurchasesProjection } from '../../src/orders/limits/purchases.projection.js';

/**
 * What counts toward a buyer's purchase limit, as the read model the limit check sums: an onramp
 * order's card attempt from its start, until declined or refunded. Folded over hand-made events
 * into a real SQLite read model; the limit itself is exercised over HTTP in
 * purchase-limit-history.e2e.test.ts.
 */
describe('the order-purchases read model', () => {
  let db: ReadModelDatabase;
  beforeEach(() => {
    db = openReadModelDatabase(':memory:');
  });
  afterEach(() => db.close());

  let position = 0n;
  const event = (streamName: string, type: string, data: unknown, projectId: string | null = 'p-1'): RecordedEvent => ({
    streamName,
    revision: 0n,
    position: position++,
    type,
    data,
    metadata: {
      eventId: `e-${position}`,
      occurredAt: '2026-11-01T10:00:00.000Z',
      projectId,
      actor: { type: 'system', id: 'test' },
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
    },
  });
  const created = (
    orderId: string,
    kind: 'onramp' | 'offramp',
    stream = `order-${orderId}`,
    projectId?: string | null,
  ) =>
    event(
      stream,
      'OrderCreated',
      { orderId, kind, buyer: { userLocator: 'email:buyer@example.com' }, payment: { currency: 'usd' } },
      projectId,
    );
  const cardStarted = (orderId: string, amount: string, stream = `order-${orderId}`, projectId?: string | null) =>
    event(
      stream,
      'OrderCardPaymentStarted',
      { orderId, amount: { amount, currency: 'usd' }, startedAt: '2026-11-01T10:00:00.000Z' },
      projectId,
    );
  const rows = () =>
    db
      .prepare('SELECT order_id AS orderId, project_id AS projectId, amount FROM order_purchases ORDER BY order_id')
      .all();

  it('counts an onramp order’s card attempt, and stops counting it once declined or refunded', () => {
    foldInto(db, orderPurchasesProjection, [
      created('o-1', 'onramp'),
      cardStarted('o-1', '100'),
      created('o-2', 'onramp'),
      cardStarted('o-2', '200'),
      event('order-o-2', 'OrderCardPaymentDeclined', { orderId: 'o-2' }),
      created('o-3', 'onramp'),
      cardStarted('o-3', '300'),
      event('order-o-3', 'OrderPaymentRefunded', { orderId: 'o-3' }),
    ]);
    expect(rows()).toEqual([
      { orderId: 'o-1', projectId: 'p-1', amount: '100' },
      { orderId: 'o-2', projectId: 'p-1', amount: null },
      { orderId: 'o-3', projectId: 'p-1', amount: null },
    ]);
  });

  it('keeps no row for an offramp order: selling is not a purchase', () => {
    foldInto(db, orderPurchasesProjection, [created('o-sell', 'offramp')]);
    expect(rows()).toEqual([]);
  });

  it('reads order streams only, and only events of a project: the same event types elsewhere count for nothing', () => {
    foldInto(db, orderPurchasesProjection, [
      created('o-elsewhere', 'onramp', 'reconciliation-o-elsewhere'),
      cardStarted('o-elsewhere', '100', 'reconciliation-o-elsewhere'),
      created('o-system', 'onramp', 'order-o-system', null),
      cardStarted('o-system', '100', 'order-o-system', null),
    ]);
    expect(rows()).toEqual([]);
  });
});
