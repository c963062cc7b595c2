import { type ExpectedRevision, WrongExpectedRevisionError } from '../../port.js';
import {
  type CaseContext,
  type ConformanceCase,
  collect,
  expectStrictlyIncreasing,
  numberedEvents,
  positionsOf,
  testEvent,
} from '../harness.js';

const conflictOf = async (promise: Promise<unknown>): Promise<WrongExpectedRevisionError> => {
  const error = await promise.then(
    () => new Error('expected a WrongExpectedRevisionError, the append succeeded'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
};

const expectConflict = async (
  context: CaseContext,
  streamName: string,
  expectedRevision: ExpectedRevision,
  actual: 'no_stream' | bigint,
): Promise<void> => {
  const before = await collect(context.store.readStream(streamName));
  const error = await conflictOf(
    context.store.appendToStream(streamName, numberedEvents(2, 'Rejected'), { expectedRevision }),
  );
  expect(error.name).toBe('WrongExpectedRevisionError');
  expect(error.streamName).toBe(streamName);
  expect(error.expected).toBe(expectedRevision);
  expect(error.actual).toBe(actual);
  expect(positionsOf(await collect(context.store.readStream(streamName)))).toEqual(positionsOf(before));
};

/** Exactly one of `writers` concurrent appends with the same expected revision may win. */
const raceOnOneRevision = async (context: CaseContext, streamName: string, expectedRevision: ExpectedRevision) => {
  const writers = 20;
  const before = await collect(context.store.readStream(streamName));
  const outcomes = await Promise.allSettled(
    Array.from({ length: writers }, (_, writer) =>
      context.store.appendToStream(streamName, [testEvent('Raced', { writer }), testEvent('Raced', { writer })], {
        expectedRevision,
      }),
    ),
  );
  const winners = outcomes.flatMap((outcome, writer) =>
    outcome.status === 'fulfilled' ? [{ writer, ...outcome.value }] : [],
  );
  expect(winners).toHaveLength(1);
  const [winner] = winners;
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') continue;
    expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((outcome.reason as WrongExpectedRevisionError).expected).toBe(expectedRevision);
    expect((outcome.reason as WrongExpectedRevisionError).actual).toBe(winner!.nextExpectedRevision);
  }
  const after = await collect(context.store.readStream(streamName));
  expect(after.slice(0, before.length).map((e) => e.position)).toEqual(positionsOf(before));
  expect(after.slice(before.length).map((e) => e.data)).toEqual([
    { writer: winner!.writer },
    { writer: winner!.writer },
  ]);
  expect(after.at(-1)?.revision).toBe(winner!.nextExpectedRevision);
};

export const appendingCases: ConformanceCase[] = [
  {
    name: 'appends one event and reads it back with its stream, revision 0, type, data and metadata',
    async run(context) {
      const stream = context.stream('order-1');
      const event = testEvent('OrderPlaced', { amount: '10.50', items: [{ sku: 'a', qty: 2 }], note: null });
      const result = await context.store.appendToStream(stream, [event], { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(0n);
      const [read, ...rest] = await collect(context.store.readStream(stream));
      expect(rest).toEqual([]);
      expect(read).toEqual({
        streamName: stream,
        revision: 0n,
        position: result.position,
        type: 'OrderPlaced',
        data: event.data,
        metadata: event.metadata,
      });
      expect(await context.store.headPosition()).toBeGreaterThanOrEqual(result.position);
    },
  },
  {
    name: 'appends many events in one call with consecutive revisions and adjacent positions in $all',
    async run(context) {
      const stream = context.stream('order-1');
      const first = await context.store.appendToStream(stream, numberedEvents(5), { expectedRevision: 'no_stream' });
      const second = await context.store.appendToStream(stream, numberedEvents(3, 'Numbered', 5), {
        expectedRevision: first.nextExpectedRevision,
      });
      expect(first.nextExpectedRevision).toBe(4n);
      expect(second.nextExpectedRevision).toBe(7n);
      const events = await collect(context.store.readStream(stream));
      expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n]);
      expect(events.map((e) => e.data)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => ({ n })));
      expectStrictlyIncreasing(positionsOf(events));
      expect(events[4]!.position).toBe(first.position);
      expect(events[7]!.position).toBe(second.position);
      // Atomic: nothing else sits between the events of one append in $all.
      const batch = await collect(context.store.readAll({ after: events[0]!.position - 1n, maxCount: 5 }));
      expect(positionsOf(batch)).toEqual(positionsOf(events.slice(0, 5)));
    },
  },
  {
    name: 'a rejected append writes none of its events',
    async run(context) {
      const stream = context.stream('order-1');
      const head = await context.store.headPosition();
      await conflictOf(context.store.appendToStream(stream, numberedEvents(3), { expectedRevision: 'exists' }));
      await context.store.appendToStream(stream, numberedEvents(2), { expectedRevision: 'no_stream' });
      await conflictOf(context.store.appendToStream(stream, numberedEvents(3, 'Late'), { expectedRevision: 0n }));
      const own = await context.ownEventsAfter(head);
      expect(own.map((e) => [e.revision, e.type])).toEqual([
        [0n, 'Numbered'],
        [1n, 'Numbered'],
      ]);
    },
  },
  {
    name: "expected revision 'no_stream' succeeds on a new stream only",
    async run(context) {
      const stream = context.stream('wallet-1');
      await context.store.appendToStream(stream, numberedEvents(2), { expectedRevision: 'no_stream' });
      await expectConflict(context, stream, 'no_stream', 1n);
    },
  },
  {
    name: "expected revision 'exists' succeeds on an existing stream only",
    async run(context) {
      const stream = context.stream('wallet-1');
      await expectConflict(context, stream, 'exists', 'no_stream');
      await context.store.appendToStream(stream, numberedEvents(1));
      const result = await context.store.appendToStream(stream, numberedEvents(1), { expectedRevision: 'exists' });
      expect(result.nextExpectedRevision).toBe(1n);
    },
  },
  {
    name: "expected revision 'any' (also the default) succeeds on new and existing streams",
    async run(context) {
      const stream = context.stream('wallet-1');
      expect(
        (await context.store.appendToStream(stream, numberedEvents(1), { expectedRevision: 'any' }))
          .nextExpectedRevision,
      ).toBe(0n);
      expect(
        (await context.store.appendToStream(stream, numberedEvents(1), { expectedRevision: 'any' }))
          .nextExpectedRevision,
      ).toBe(1n);
      expect((await context.store.appendToStream(stream, numberedEvents(1))).nextExpectedRevision).toBe(2n);
      const fresh = context.stream('wallet-2');
      expect((await context.store.appendToStream(fresh, numberedEvents(1))).nextExpectedRevision).toBe(0n);
    },
  },
  {
    name: 'an exact expected revision succeeds only when it is the current revision, and the conflict carries both',
    async run(context) {
      const stream = context.stream('wallet-1');
      await expectConflict(context, stream, 0n, 'no_stream');
      await context.store.appendToStream(stream, numberedEvents(3), { expectedRevision: 'no_stream' });
      await expectConflict(context, stream, 1n, 2n);
      await expectConflict(context, stream, 3n, 2n);
      const result = await context.store.appendToStream(stream, numberedEvents(1), { expectedRevision: 2n });
      expect(result.nextExpectedRevision).toBe(3n);
      await expectConflict(context, stream, 2n, 3n);
    },
  },
  {
    name: "20 concurrent appends expecting 'no_stream': exactly one wins, the others conflict",
    async run(context) {
      await raceOnOneRevision(context, context.stream('claim-1'), 'no_stream');
    },
  },
  {
    name: '20 concurrent appends expecting the same revision: exactly one wins, the others conflict',
    async run(context) {
      const stream = context.stream('wallet-1');
      const { nextExpectedRevision } = await context.store.appendToStream(stream, numberedEvents(3));
      await raceOnOneRevision(context, stream, nextExpectedRevision);
    },
  },
  {
    name: 'concurrent appends to different streams all succeed, each atomic and adjacent in $all',
    async run(context) {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          context.store.appendToStream(context.stream(`order-${i}`), numberedEvents(3), {
            expectedRevision: 'no_stream',
          }),
        ),
      );
      for (const [i, result] of results.entries()) {
        const events = await collect(context.store.readStream(context.stream(`order-${i}`)));
        expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
        expect(events[2]!.position).toBe(result.position);
        const adjacent = await collect(context.store.readAll({ after: events[0]!.position - 1n, maxCount: 3 }));
        expect(positionsOf(adjacent)).toEqual(positionsOf(events));
      }
      expect(new Set(results.map((r) => r.position)).size).toBe(30);
    },
  },
  {
    name: 'an empty append writes nothing but still checks the expected revision',
    async run(context) {
      const stream = context.stream('wallet-1');
      const head = await context.store.headPosition();
      await context.store.appendToStream(stream, [], { expectedRevision: 'no_stream' });
      await conflictOf(context.store.appendToStream(stream, [], { expectedRevision: 'exists' }));
      expect(await collect(context.store.readStream(stream))).toEqual([]);
      expect(await context.ownEventsAfter(head)).toEqual([]);
    },
  },
];
