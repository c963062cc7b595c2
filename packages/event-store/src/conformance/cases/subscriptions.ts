import type { RecordedEvent } from '../../port.js';
import {
  type CaseContext,
  type ConformanceCase,
  expectStrictlyIncreasing,
  numberedEvents,
  positionsOf,
  take,
  testEvent,
} from '../harness.js';

/** Proves a subscription has nothing pending: the next event it delivers is a fresh sentinel. */
const expectNextIsSentinel = async (
  context: CaseContext,
  subscription: Parameters<typeof take>[0],
  streamName = context.stream('sentinel-1'),
  type = 'Sentinel',
) => {
  const { position } = await context.store.appendToStream(streamName, [testEvent(type)]);
  const [next] = await take(subscription, 1);
  expect([next?.streamName, next?.position]).toEqual([streamName, position]);
};

const summary = (events: readonly RecordedEvent[]) => events.map((e) => [e.streamName, e.position, e.data]);

export const subscriptionCases: ConformanceCase[] = [
  {
    name: 'a catch-up subscription delivers history then live events, each exactly once and in order, while appends continue',
    timeoutMs: 60_000,
    async run(context) {
      const head = await context.store.headPosition();
      const historyStreams = Array.from({ length: 5 }, (_, i) => context.stream(`history-${i}`));
      for (let batch = 0; batch < 25; batch++) {
        await context.store.appendToStream(historyStreams[batch % 5]!, numberedEvents(100, 'History', batch * 100));
      }
      const subscription = context.subscribe({ after: head, filter: { streamNamePrefixes: [context.prefix] } });
      // Appends keep coming while the subscription reads history and after it turns live.
      const writer = (async () => {
        for (let n = 0; n < 300; n++) {
          const events = n % 10 === 0 ? numberedEvents(3, 'Live', n * 10) : [testEvent('Live', { n })];
          await context.store.appendToStream(context.stream(`live-${n % 3}`), events);
          if (n % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const expectedCount = 2500 + 270 + 30 * 3;
      const delivered = await take(subscription, expectedCount, 45_000);
      await writer;
      const stored = await context.ownEventsAfter(head);
      expect(stored).toHaveLength(expectedCount);
      expect(new Set(positionsOf(delivered)).size).toBe(expectedCount);
      expectStrictlyIncreasing(positionsOf(delivered));
      expect(summary(delivered)).toEqual(summary(stored));
      await expectNextIsSentinel(context, subscription);
    },
  },
  {
    name: 'a subscription from a checkpoint continues exactly after it, then turns live',
    async run(context) {
      const head = await context.store.headPosition();
      const stream = context.stream('order-1');
      await context.store.appendToStream(stream, numberedEvents(20));
      const filter = { streamNamePrefixes: [context.prefix] };
      const first = context.subscribe({ after: head, filter });
      const firstEight = await take(first, 8);
      await first.close();
      const checkpoint = firstEight.at(-1)!.position;
      const resumed = context.subscribe({ after: checkpoint, filter });
      const rest = await take(resumed, 12);
      expect(summary([...firstEight, ...rest])).toEqual(summary(await context.ownEventsAfter(head)));
      await expectNextIsSentinel(context, resumed);
    },
  },
  {
    name: 'a subscription restarted from its checkpoint after the store is reopened continues exactly after it',
    requiresPersistence: true,
    async run(context) {
      const head = await context.store.headPosition();
      await context.store.appendToStream(context.stream('order-1'), numberedEvents(30));
      await context.store.appendToStream(context.stream('order-2'), numberedEvents(20));
      const filter = { streamNamePrefixes: [context.prefix] };
      const before = await take(context.subscribe({ after: head, filter }), 20);
      const checkpoint = before.at(-1)!.position;
      const store = await context.restart();
      await store.appendToStream(context.stream('order-3'), numberedEvents(5));
      const resumed = context.subscribe({ after: checkpoint, filter });
      const after = await take(resumed, 35);
      expect(summary([...before, ...after])).toEqual(summary(await context.ownEventsAfter(head)));
      expectStrictlyIncreasing(positionsOf([...before, ...after]));
      await expectNextIsSentinel(context, resumed);
    },
  },
  {
    name: 'events, revisions and positions survive a reopen, and appends continue after them',
    requiresPersistence: true,
    async run(context) {
      const stream = context.stream('order-1');
      const first = await context.store.appendToStream(stream, numberedEvents(3), { expectedRevision: 'no_stream' });
      const store = await context.restart();
      expect(await store.headPosition()).toBeGreaterThanOrEqual(first.position);
      await expect(
        store.appendToStream(stream, numberedEvents(1), { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({
        actual: 2n,
      });
      const next = await store.appendToStream(stream, numberedEvents(1, 'Numbered', 3), { expectedRevision: 2n });
      expect(next.nextExpectedRevision).toBe(3n);
      expect(next.position).toBeGreaterThan(first.position);
      const events: RecordedEvent[] = [];
      for await (const event of store.readStream(stream)) events.push(event);
      expect(events.map((e) => [e.revision, e.data])).toEqual([0, 1, 2, 3].map((n) => [BigInt(n), { n }]));
    },
  },
  {
    name: 'a subscription filtered by stream-name prefixes delivers only matching streams, in history and live',
    async run(context) {
      const head = await context.store.headPosition();
      const [orders, ordersArchive, payments, wallets] = ['orders-1', 'ordersarchive-1', 'payments-1', 'wallets-1'].map(
        (s) => context.stream(s),
      ) as [string, string, string, string];
      for (const stream of [orders, ordersArchive, payments, wallets, orders, payments]) {
        await context.store.appendToStream(stream, [testEvent('Something')]);
      }
      const onlyOrders = context.subscribe({
        after: head,
        filter: { streamNamePrefixes: [context.stream('orders-')] },
      });
      const both = context.subscribe({
        after: head,
        filter: { streamNamePrefixes: [context.stream('orders-'), context.stream('payments-')] },
      });
      expect((await take(onlyOrders, 2)).map((e) => e.streamName)).toEqual([orders, orders]);
      expect((await take(both, 4)).map((e) => e.streamName)).toEqual([orders, payments, orders, payments]);
      await context.store.appendToStream(wallets, [testEvent('Something')]);
      await context.store.appendToStream(ordersArchive, [testEvent('Something')]);
      await expectNextIsSentinel(context, onlyOrders, orders);
      expect((await take(both, 1))[0]?.streamName).toBe(orders);
      await expectNextIsSentinel(context, both, payments);
    },
  },
  {
    name: 'a subscription filtered by event-type prefixes delivers only matching types, in history and live',
    async run(context) {
      const head = await context.store.headPosition();
      const stream = context.stream('mixed-1');
      const types = ['OrderPlaced', 'PaymentCaptured', 'OrderPaid', 'WalletCreated', 'Ordered'];
      await context.store.appendToStream(
        stream,
        types.map((type) => testEvent(type)),
      );
      // The stream prefix keeps other writers' events out; both filters must hold.
      const filter = (eventTypePrefixes: string[]) => ({ streamNamePrefixes: [context.prefix], eventTypePrefixes });
      const orders = context.subscribe({ after: head, filter: filter(['Order']) });
      const ordersAndWallets = context.subscribe({ after: head, filter: filter(['OrderP', 'Wallet']) });
      expect((await take(orders, 3)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid', 'Ordered']);
      expect((await take(ordersAndWallets, 3)).map((e) => e.type)).toEqual([
        'OrderPlaced',
        'OrderPaid',
        'WalletCreated',
      ]);
      await context.store.appendToStream(stream, [testEvent('PaymentRefunded'), testEvent('Ordered')]);
      expect((await take(orders, 1)).map((e) => e.type)).toEqual(['Ordered']);
      await expectNextIsSentinel(context, orders, stream, 'OrderShipped');
      await expectNextIsSentinel(context, ordersAndWallets, stream, 'WalletFrozen');
    },
  },
  {
    name: 'closing a subscription ends its iteration',
    async run(context) {
      const head = await context.store.headPosition();
      await context.store.appendToStream(context.stream('order-1'), numberedEvents(3));
      const subscription = context.subscribe({ after: head, filter: { streamNamePrefixes: [context.prefix] } });
      await take(subscription, 3);
      const iterator = subscription[Symbol.asyncIterator]();
      const waiting = iterator.next();
      await subscription.close();
      expect(await waiting).toEqual({ done: true, value: undefined });
      expect((await iterator.next()).done).toBe(true);
    },
  },
];
