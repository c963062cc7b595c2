import { EventStoreUnavailableError } from '../../port.js';
import { type ConformanceCase, collect, numberedEvents, take } from '../harness.js';

export const availabilityCases: ConformanceCase[] = [
  {
    name: 'a closed store fails every operation with EventStoreUnavailableError',
    async run(context) {
      const stream = context.stream('order-1');
      await context.store.appendToStream(stream, numberedEvents(2));
      const { store } = context;
      await store.close();
      await store.close(); // idempotent
      await expect(store.appendToStream(stream, numberedEvents(1))).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(collect(store.readStream(stream))).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(collect(store.readAll())).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      // Whether subscribing throws at once or on the first read is the adapter's choice.
      await expect((async () => take(store.subscribeToAll(), 1))()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    },
  },
  {
    name: 'closing the store ends its open subscriptions with EventStoreUnavailableError',
    async run(context) {
      const head = await context.store.headPosition();
      await context.store.appendToStream(context.stream('order-1'), numberedEvents(2));
      const subscription = context.subscribe({ after: head, filter: { streamNamePrefixes: [context.prefix] } });
      await take(subscription, 2);
      const waiting = subscription[Symbol.asyncIterator]().next();
      await context.store.close();
      await expect(waiting).rejects.toBeInstanceOf(EventStoreUnavailableError);
    },
  },
];
