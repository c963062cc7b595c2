import {
  type ConformanceCase,
  collect,
  expectStrictlyIncreasing,
  numberedEvents,
  positionsOf,
  testEvent,
} from '../harness.js';

const revisions = (events: readonly { revision: bigint }[]) => events.map((event) => event.revision);

export const readingCases: ConformanceCase[] = [
  {
    name: 'reading a stream that does not exist yields nothing, in both directions',
    async run(context) {
      const stream = context.stream('missing-1');
      expect(await collect(context.store.readStream(stream))).toEqual([]);
      expect(await collect(context.store.readStream(stream, { direction: 'backwards' }))).toEqual([]);
    },
  },
  {
    name: 'reads a stream forwards from a revision, with and without maxCount',
    async run(context) {
      const stream = context.stream('order-1');
      await context.store.appendToStream(stream, numberedEvents(10));
      const read = (fromRevision?: bigint, maxCount?: number) =>
        collect(context.store.readStream(stream, { direction: 'forwards', fromRevision, maxCount }));
      expect(revisions(await read())).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
      expect(revisions(await read(3n, 4))).toEqual([3n, 4n, 5n, 6n]);
      expect(revisions(await read(8n))).toEqual([8n, 9n]);
      expect(revisions(await read(9n, 5))).toEqual([9n]);
      expect(revisions(await read(10n))).toEqual([]);
      expect(revisions(await read(0n, 0))).toEqual([]);
      expect((await read(3n, 1))[0]?.data).toEqual({ n: 3 });
    },
  },
  {
    name: 'reads a stream backwards from the end or from a revision, with and without maxCount',
    async run(context) {
      const stream = context.stream('order-1');
      await context.store.appendToStream(stream, numberedEvents(10));
      const read = (fromRevision?: bigint, maxCount?: number) =>
        collect(context.store.readStream(stream, { direction: 'backwards', fromRevision, maxCount }));
      expect(revisions(await read())).toEqual([9n, 8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n, 0n]);
      expect(revisions(await read(undefined, 2))).toEqual([9n, 8n]);
      expect(revisions(await read(6n, 3))).toEqual([6n, 5n, 4n]);
      expect(revisions(await read(1n))).toEqual([1n, 0n]);
      expect(revisions(await read(0n, 5))).toEqual([0n]);
      expect(revisions(await read(100n, 2))).toEqual([9n, 8n]);
      expect((await read(6n, 1))[0]?.data).toEqual({ n: 6 });
    },
  },
  {
    name: 'within a stream revisions run 0..n-1 and positions strictly increase, across interleaved streams',
    async run(context) {
      const names = ['a-1', 'b-1', 'c-1'].map((name) => context.stream(name));
      for (let round = 0; round < 5; round++) {
        for (const name of names) await context.store.appendToStream(name, numberedEvents(round % 2 === 0 ? 1 : 2));
      }
      for (const name of names) {
        const events = await collect(context.store.readStream(name));
        expect(revisions(events)).toEqual(Array.from({ length: 7 }, (_, i) => BigInt(i)));
        expectStrictlyIncreasing(positionsOf(events));
        expect(events.every((event) => event.streamName === name)).toBe(true);
      }
    },
  },
  {
    name: '$all holds every event in commit order with strictly increasing positions',
    async run(context) {
      const head = await context.store.headPosition();
      const appended: { stream: string; position: bigint; n: number }[] = [];
      for (let n = 0; n < 30; n++) {
        const stream = context.stream(`order-${n % 4}`);
        const result = await context.store.appendToStream(stream, [testEvent('Numbered', { n })]);
        appended.push({ stream, position: result.position, n });
      }
      const own = await context.ownEventsAfter(head);
      expect(own.map((e) => [e.streamName, e.position, e.data])).toEqual(
        appended.map((a) => [a.stream, a.position, { n: a.n }]),
      );
      expectStrictlyIncreasing(positionsOf(own));
      expect(own.every((event) => event.position > head)).toBe(true);
      expect(await context.store.headPosition()).toBeGreaterThanOrEqual(appended.at(-1)!.position);
    },
  },
  {
    name: 'readAll after a position yields exactly the events after it, honouring maxCount',
    async run(context) {
      const stream = context.stream('order-1');
      await context.store.appendToStream(stream, numberedEvents(10));
      const events = await collect(context.store.readStream(stream));
      const fourth = events[3]!.position;
      const after = await context.ownEventsAfter(fourth);
      expect(positionsOf(after)).toEqual(positionsOf(events.slice(4)));
      const limited = await collect(context.store.readAll({ after: fourth, maxCount: 3 }));
      expect(positionsOf(limited)).toEqual(positionsOf(events.slice(4, 7)));
      expect(limited.map((e) => e.data)).toEqual([{ n: 4 }, { n: 5 }, { n: 6 }]);
      const last = events.at(-1)!.position;
      expect((await context.ownEventsAfter(last)).length).toBe(0);
    },
  },
];
