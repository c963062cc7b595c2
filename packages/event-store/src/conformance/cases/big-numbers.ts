import { WrongExpectedRevisionError } from '../../port.js';
import { type ConformanceCase, collect, numberedEvents, take } from '../harness.js';

const beyondDoubles = 2n ** 53n + 1n; // Number(beyondDoubles) === 2 ** 53: a conversion would show.

export const bigNumberCases: ConformanceCase[] = [
  {
    name: 'expected revisions beyond 2^53 are compared and reported exactly',
    async run(context) {
      const stream = context.stream('wallet-1');
      const missing = context.store.appendToStream(stream, numberedEvents(1), { expectedRevision: 2n ** 53n });
      await expect(missing).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(missing).rejects.toMatchObject({ expected: 2n ** 53n, actual: 'no_stream' });
      await context.store.appendToStream(stream, numberedEvents(1));
      const error = await context.store
        .appendToStream(stream, numberedEvents(1), { expectedRevision: beyondDoubles })
        .catch((rejection: unknown) => rejection);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      const conflict = error as WrongExpectedRevisionError;
      expect(conflict.expected).toBe(beyondDoubles);
      expect(conflict.expected === 2n ** 53n).toBe(false);
      expect(conflict.actual).toBe(0n);
      expect(conflict.message).toContain('9007199254740993');
      expect(await collect(context.store.readStream(stream))).toHaveLength(1);
    },
  },
  {
    name: 'revisions and positions are bigints everywhere',
    async run(context) {
      const head = await context.store.headPosition();
      expect(typeof head).toBe('bigint');
      const stream = context.stream('order-1');
      const result = await context.store.appendToStream(stream, numberedEvents(2));
      expect(typeof result.nextExpectedRevision).toBe('bigint');
      expect(typeof result.position).toBe('bigint');
      expect(typeof (await context.store.headPosition())).toBe('bigint');
      const [fromStream] = await collect(context.store.readStream(stream));
      const [fromAll] = await context.ownEventsAfter(head);
      const [fromSubscription] = await take(
        context.subscribe({ after: head, filter: { streamNamePrefixes: [stream] } }),
        1,
      );
      for (const event of [fromStream, fromAll, fromSubscription]) {
        expect(typeof event?.revision).toBe('bigint');
        expect(typeof event?.position).toBe('bigint');
      }
      const error: unknown = await context.store
        .appendToStream(stream, [], { expectedRevision: 7n })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(typeof (error as WrongExpectedRevisionError).actual).toBe('bigint');
    },
  },
  {
    name: 'reads from revisions and positions beyond 2^53 are exact, not rounded',
    async run(context) {
      const stream = context.stream('order-1');
      await context.store.appendToStream(stream, numberedEvents(3));
      expect(await collect(context.store.readStream(stream, { fromRevision: beyondDoubles }))).toEqual([]);
      const backwards = await collect(
        context.store.readStream(stream, { direction: 'backwards', fromRevision: beyondDoubles }),
      );
      expect(backwards.map((e) => e.revision)).toEqual([2n, 1n, 0n]);
      const head = await context.store.headPosition();
      expect(await collect(context.store.readAll({ after: head + beyondDoubles }))).toEqual([]);
    },
  },
];
