import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { DomainException } from '@paykit/kernel';
import { type CheckoutStrategy, type StrategyContext, type StrategyOutcome, isRunStopped } from '../../src/index.js';

/** A strategy that recognises every merchant and runs the test's script on the run's context. */
export const scripted = (script: (context: StrategyContext) => Promise<StrategyOutcome>): CheckoutStrategy => ({
  name: 'scripted',
  recognise: async () => ({ run: script }),
});

/** What a call on the context did, as the strategy saw it; `end` lets its error reach the runner. */
export interface Attempt {
  readonly said: string;
  end(outcome: StrategyOutcome): StrategyOutcome;
}

export const attempt = async (work: Promise<unknown>): Promise<Attempt> => {
  try {
    await work;
    return { said: 'done', end: (outcome) => outcome };
  } catch (error) {
    const said = isRunStopped(error)
      ? `stopped: ${error.reason}`
      : error instanceof DomainException
        ? `refused: ${error.error.code}`
        : `threw: ${String(error)}`;
    return {
      said,
      end: () => {
        throw error;
      },
    };
  }
};

export const deferred = <T = void>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
};

/** The harness's store, calling `afterRead` once each read of a stream is complete (before the reader sees its end). */
export const storeWithReadHook = (
  store: EventStore,
  afterRead: (streamName: string, events: readonly RecordedEvent[]) => Promise<void>,
): EventStore => ({
  appendToStream: (streamName, events, options) => store.appendToStream(streamName, events, options),
  readStream: (streamName, options) =>
    (async function* () {
      const events: RecordedEvent[] = [];
      for await (const event of store.readStream(streamName, options)) {
        events.push(event);
        yield event;
      }
      await afterRead(streamName, events);
    })(),
  readAll: (options) => store.readAll(options),
  subscribeToAll: (options) => store.subscribeToAll(options),
  headPosition: () => store.headPosition(),
  eraseStream: (streamName) => store.eraseStream(streamName),
  close: () => store.close(),
});
