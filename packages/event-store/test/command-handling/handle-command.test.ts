import { type Decider, type DomainError, type EventMetadata, invalid } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { type EventStore, type EventToAppend, MemoryEventStore, handleCommand } from '../../src/index.js';
import { collect, testEvent } from '../../src/conformance/harness.js';

/** A small counter aggregate: opened once, then incremented up to a limit. */
type CounterCommand = { type: 'Open'; data: { limit: number } } | { type: 'Increment'; data: { by: number } };
type CounterEvent = { type: 'Opened'; data: { limit: number } } | { type: 'Incremented'; data: { by: number } };
interface CounterState {
  readonly opened: boolean;
  readonly limit: number;
  readonly value: number;
}

const counter: Decider<CounterCommand, CounterEvent, CounterState, DomainError> = {
  initialState: () => ({ opened: false, limit: 0, value: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Opened':
        return { ...state, opened: true, limit: event.data.limit };
      case 'Incremented':
        return { ...state, value: state.value + event.data.by };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Open':
        // Opening twice is a no-op, so a retried request is safe.
        return E.right(state.opened ? [] : [{ type: 'Opened', data: command.data }]);
      case 'Increment':
        if (!state.opened) return E.left(invalid('counter_not_opened', 'Open the counter first'));
        if (state.value + command.data.by > state.limit) {
          return E.left(invalid('counter_limit_exceeded', 'The counter would exceed its limit'));
        }
        return E.right([{ type: 'Incremented', data: command.data }]);
    }
  },
};

const withMetadata = (event: CounterEvent): EventToAppend => ({ ...testEvent(event.type, event.data) });
const metadataOf =
  (correlationId: string) =>
  (event: CounterEvent): EventToAppend => ({
    ...event,
    metadata: { ...(testEvent(event.type).metadata as EventMetadata), correlationId },
  });

/**
 * A store where another writer appends to the stream right after each of the first `races`
 * reads of it: the handler's append then meets a real conflict in the real store.
 */
const racingStore = (inner: EventStore, races: number): EventStore => {
  let remaining = races;
  return {
    appendToStream: (stream, events, options) => inner.appendToStream(stream, events, options),
    readStream: (stream, options) =>
      (async function* () {
        yield* inner.readStream(stream, options);
        if (remaining-- > 0)
          await inner.appendToStream(stream, [withMetadata({ type: 'Incremented', data: { by: 1 } })]);
      })(),
    readAll: (options) => inner.readAll(options),
    subscribeToAll: (options) => inner.subscribeToAll(options),
    headPosition: () => inner.headPosition(),
    eraseStream: (stream) => inner.eraseStream(stream),
    close: () => inner.close(),
  };
};

const run = (store: EventStore, command: CounterCommand, options?: { maxRetries?: number }) =>
  handleCommand(store, 'counter-1', counter, command, withMetadata, options);

describe('handleCommand', () => {
  let store: MemoryEventStore;
  beforeEach(() => (store = new MemoryEventStore()));
  afterEach(() => store.close());

  it("creates a stream with 'no_stream' and returns the events, the new state, revision and position", async () => {
    const result = await run(store, { type: 'Open', data: { limit: 10 } });
    expect(result).toEqual(
      E.right({
        events: [{ type: 'Opened', data: { limit: 10 } }],
        state: { opened: true, limit: 10, value: 0 },
        nextExpectedRevision: 0n,
        position: 1n,
      }),
    );
    const [stored] = await collect(store.readStream('counter-1'));
    expect([stored?.type, stored?.data]).toEqual(['Opened', { limit: 10 }]);
  });

  it('folds the existing stream before deciding, and appends with the revision it read', async () => {
    await run(store, { type: 'Open', data: { limit: 10 } });
    await run(store, { type: 'Increment', data: { by: 3 } });
    const result = await run(store, { type: 'Increment', data: { by: 4 } });
    expect(
      E.isRight(result) && [result.right.state.value, result.right.nextExpectedRevision, result.right.position],
    ).toEqual([7, 2n, 3n]);
    expect((await collect(store.readStream('counter-1'))).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
  });

  it('puts the metadata made by the given function on every appended event', async () => {
    await handleCommand(store, 'counter-1', counter, { type: 'Open', data: { limit: 1 } }, metadataOf('request-42'));
    const [stored] = await collect(store.readStream('counter-1'));
    expect(stored?.metadata.correlationId).toBe('request-42');
  });

  it('returns the domain error of decide and appends nothing', async () => {
    const notOpened = await run(store, { type: 'Increment', data: { by: 1 } });
    expect(notOpened).toEqual(E.left(expect.objectContaining({ code: 'counter_not_opened' })));
    await run(store, { type: 'Open', data: { limit: 2 } });
    const tooMuch = await run(store, { type: 'Increment', data: { by: 3 } });
    expect(tooMuch).toEqual(E.left(expect.objectContaining({ code: 'counter_limit_exceeded' })));
    expect(await collect(store.readStream('counter-1'))).toHaveLength(1);
  });

  it('appends nothing when decide yields no events, and reports the current revision and position', async () => {
    await run(store, { type: 'Open', data: { limit: 2 } });
    const head = await store.headPosition();
    const again = await run(store, { type: 'Open', data: { limit: 5 } });
    expect(again).toEqual(
      E.right({ events: [], state: { opened: true, limit: 2, value: 0 }, nextExpectedRevision: 0n, position: 1n }),
    );
    expect(await store.headPosition()).toBe(head);
  });

  it('reports no_stream and position 0 when nothing happens on a stream that does not exist', async () => {
    const noop: typeof counter = { ...counter, decide: () => E.right([]) };
    const result = await handleCommand(store, 'counter-1', noop, { type: 'Open', data: { limit: 1 } }, withMetadata);
    expect(result).toEqual(
      E.right({ events: [], state: counter.initialState(), nextExpectedRevision: 'no_stream', position: 0n }),
    );
    expect(await store.headPosition()).toBe(0n);
  });

  it('re-reads and decides again when a concurrent writer got in first, so the decision sees its events', async () => {
    await run(store, { type: 'Open', data: { limit: 5 } });
    const result = await run(racingStore(store, 2), { type: 'Increment', data: { by: 3 } });
    expect(E.isRight(result) && result.right.state.value).toBe(5);
    expect((await collect(store.readStream('counter-1'))).map((e) => e.data)).toEqual([
      { limit: 5 },
      { by: 1 },
      { by: 1 },
      { by: 3 },
    ]);
  });

  it('decides on the fresh state after a conflict, so a retry can be refused', async () => {
    await run(store, { type: 'Open', data: { limit: 3 } });
    // Fits at value 0 and 1; at value 2, after the second concurrent increment, it does not.
    const refused = await run(racingStore(store, 2), { type: 'Increment', data: { by: 2 } });
    expect(refused).toEqual(E.left(expect.objectContaining({ code: 'counter_limit_exceeded' })));
    expect((await collect(store.readStream('counter-1'))).map((e) => e.data)).toEqual([
      { limit: 3 },
      { by: 1 },
      { by: 1 },
    ]);
  });

  it('gives up with a concurrency_conflict after the bounded retries, having appended nothing of its own', async () => {
    await run(store, { type: 'Open', data: { limit: 100 } });
    const result = await run(racingStore(store, 3), { type: 'Increment', data: { by: 50 } }, { maxRetries: 2 });
    expect(result).toEqual(
      E.left(
        expect.objectContaining({
          kind: 'conflict',
          code: 'concurrency_conflict',
          parameters: { streamName: 'counter-1', attempts: 3 },
        }),
      ),
    );
    expect((await collect(store.readStream('counter-1'))).map((e) => e.data)).toEqual([
      { limit: 100 },
      { by: 1 },
      { by: 1 },
      { by: 1 },
    ]);
  });

  it('lets store failures other than conflicts propagate', async () => {
    await store.close();
    await expect(run(store, { type: 'Open', data: { limit: 1 } })).rejects.toThrow('closed');
  });

  describe('expecting no stream (a create under a fresh id)', () => {
    /** The store, counting the stream reads it serves. */
    const countingReads = (inner: EventStore): { store: EventStore; reads: () => number } => {
      let reads = 0;
      const counting: EventStore = Object.create(inner);
      counting.readStream = (stream, options) => {
        reads += 1;
        return inner.readStream(stream, options);
      };
      return { store: counting, reads: () => reads };
    };

    it('appends at no_stream without reading the stream first', async () => {
      const { store: counting, reads } = countingReads(store);
      const result = await handleCommand(
        counting,
        'counter-1',
        counter,
        { type: 'Open', data: { limit: 3 } },
        withMetadata,
        {
          expectNoStream: true,
        },
      );
      expect(E.isRight(result) && result.right.nextExpectedRevision).toBe(0n);
      expect(reads()).toBe(0);
      expect((await collect(store.readStream('counter-1'))).map((event) => event.type)).toEqual(['Opened']);
    });

    it('on a stream that exists decides on what it holds, as a read first would', async () => {
      await run(store, { type: 'Open', data: { limit: 1 } });
      await run(store, { type: 'Increment', data: { by: 1 } });
      const options = { expectNoStream: true };
      const reopened = await handleCommand(
        store,
        'counter-1',
        counter,
        { type: 'Open', data: { limit: 9 } },
        withMetadata,
        options,
      );
      expect(E.isRight(reopened) && reopened.right).toMatchObject({
        events: [],
        state: { limit: 1, value: 1 },
        nextExpectedRevision: 1n,
      });
      const refused = await handleCommand(
        store,
        'counter-1',
        counter,
        { type: 'Increment', data: { by: 1 } },
        withMetadata,
        options,
      );
      expect(E.isLeft(refused) && refused.left.code).toBe('counter_limit_exceeded');
      expect(await collect(store.readStream('counter-1'))).toHaveLength(2);
    });
  });
});
