import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  ForwardingEventStore,
} from '@paykit/event-store';

/**
 * A crash point: `before:<name>` or `after:<name>`, where name is an event type or the start of
 * a stream name (`TransferCreated`, `walletkey-`), optionally `@<correlation id>` (a request's
 * x-request-id, or `transfer-<id>` for the transfer executor) to match that one request's
 * appends only. The process SIGKILLs itself right before the first append that matches is made,
 * or right after it is acknowledged.
 */
export interface CrashPoint {
  readonly text: string;
  readonly when: 'before' | 'after';
  readonly name: string;
  readonly correlationId?: string;
}

export const parseCrashPoints = (value: string | undefined): CrashPoint[] =>
  (value ?? '')
    .split(',')
    .filter((item) => item.trim() !== '')
    .map((item) => {
      const text = item.trim();
      const [when, rest = ''] = text.split(/:(.*)/s);
      const [name, correlationId] = rest.split('@');
      if ((when !== 'before' && when !== 'after') || !name)
        throw new Error(`PAYKIT_CRASH_AT: ${text} is not before|after:<name>[@<correlation id>]`);
      return { text, when, name, ...(correlationId && { correlationId }) };
    });

/** Announces the point on stdout (a pipe: the write is synchronous) and dies by SIGKILL, mid-flight. */
const die = (point: CrashPoint): never => {
  process.stdout.write(`crash ${point.text}\n`);
  process.kill(process.pid, 'SIGKILL');
  // Nothing of this process may run on while the signal is delivered.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error('unreachable');
};

/** The store of a server process under test: forwards everything, and kills the process at its crash points. */
export class CrashingEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    private readonly points: readonly CrashPoint[],
  ) {
    super(inner);
  }

  override async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    const matches = (point: CrashPoint) =>
      (streamName.startsWith(point.name) || events.some((event) => event.type === point.name)) &&
      (point.correlationId === undefined ||
        events.some((event) => event.metadata.correlationId === point.correlationId));
    const before = this.points.find((point) => point.when === 'before' && matches(point));
    if (before) die(before);
    const result = await this.inner.appendToStream(streamName, events, options);
    const after = this.points.find((point) => point.when === 'after' && matches(point));
    if (after) die(after);
    return result;
  }
}
