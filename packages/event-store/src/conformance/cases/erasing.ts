import { type ConformanceCase, collect, numberedEvents } from '../harness.js';

export const erasingCases: ConformanceCase[] = [
  {
    name: 'erasing a stream: it reads as empty at once, in both directions; other streams are untouched',
    async run(context) {
      const erased = context.stream('key-1');
      const kept = context.stream('key-2');
      await context.store.appendToStream(erased, numberedEvents(3));
      await context.store.appendToStream(kept, numberedEvents(2));
      await context.store.eraseStream(erased);
      expect(await collect(context.store.readStream(erased))).toEqual([]);
      expect(await collect(context.store.readStream(erased, { direction: 'backwards' }))).toEqual([]);
      expect((await collect(context.store.readStream(kept))).map((event) => event.data)).toEqual([{ n: 0 }, { n: 1 }]);
    },
  },
  {
    name: 'erasing a missing or an already erased stream does nothing',
    async run(context) {
      await context.store.eraseStream(context.stream('never-written'));
      const stream = context.stream('key-1');
      await context.store.appendToStream(stream, numberedEvents(1));
      await context.store.eraseStream(stream);
      await context.store.eraseStream(stream);
      expect(await collect(context.store.readStream(stream))).toEqual([]);
    },
  },
  {
    name: 'an erased stream stays erased after a restart',
    requiresPersistence: true,
    async run(context) {
      const stream = context.stream('key-1');
      await context.store.appendToStream(stream, numberedEvents(2));
      await context.store.eraseStream(stream);
      const reopened = await context.restart();
      expect(await collect(reopened.readStream(stream))).toEqual([]);
    },
  },
];
