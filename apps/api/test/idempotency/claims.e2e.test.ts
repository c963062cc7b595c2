import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type EventStore,
  type ExpectedRevision,
  ForwardingEventStore,
  MemoryEventStore,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@paykit/event-store';
import { ManualClock } from '@paykit/kernel';
import { IdempotencySecrets } from '../../src/http/idempotency/idempotency-secrets.js';
import { idempotencyStream } from '../../src/http/idempotency/key-stream.js';
import { FaultyStore } from '../agent-checkouts/support/faulty-store.js';
import { fetchJson } from '../support/http-client.js';
import { captureLogs } from '../support/log-capture.js';
import { type TestServer, startServer } from '../support/start-server.js';
import { asProject } from '../support/test-principal.guard.js';
import { Executions, TestRoutesModule } from '../support/test-routes.module.js';

const HOUR = 3_600_000;
const echoBody = {
  name: 'n',
  lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '2' } }],
};

/** What a claim's life looks like from outside: a server, its store, its clock, and events put in a key's stream by hand. */
const keysOn = (server: () => TestServer, store: () => EventStore, clock: ManualClock) => {
  const post = (path: string, body: unknown, projectId: string, key: string) =>
    fetchJson(`${server().baseUrl}${path}`, { body, headers: { ...asProject(projectId), 'x-idempotency-key': key } });
  const append = (stream: string, type: string, data: unknown, expectedRevision: ExpectedRevision) =>
    store().appendToStream(
      stream,
      [
        {
          type,
          data,
          metadata: {
            eventId: randomUUID(),
            occurredAt: clock.now().toISOString(),
            projectId: null,
            actor: { type: 'api-key', id: 'k' },
            correlationId: 'c',
            causationId: null,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision },
    );
  /** A claim of POST /test/echo made by a process that is not this one. */
  const foreignClaim = (stream: string, claimedAt: number, leaseMs: number) =>
    append(
      stream,
      'IdempotencyKeyClaimed',
      {
        fingerprint: server()
          .app.get(IdempotencySecrets)
          .fingerprint({ method: 'POST', path: '/api/test/echo', body: echoBody }),
        method: 'POST',
        path: '/api/test/echo',
        holder: 'another-process',
        claimedAt: new Date(claimedAt).toISOString(),
        leaseExpiresAt: new Date(claimedAt + leaseMs).toISOString(),
      },
      'no_stream',
    );
  const events = async (stream: string) => {
    const found: RecordedEvent[] = [];
    for await (const event of store().readStream(stream)) found.push(event);
    return found;
  };
  const until = async (done: () => Promise<boolean> | boolean) => {
    while (!(await done())) await sleep(10);
  };
  return { post, append, foreignClaim, events, until, echoCount: () => server().app.get(Executions).count('echo') };
};

describe('idempotency claims on the embedded store', () => {
  let server: TestServer;
  const store = new FaultyStore();
  const clock = new ManualClock(new Date());
  const logs = captureLogs();
  beforeAll(async () => {
    server = await startServer({
      imports: [TestRoutesModule],
      eventStore: store,
      clock,
      logDestination: logs.destination,
      env: { IDEMPOTENCY_WAIT_MS: 0, LOG_LEVEL: 'warn' },
    });
  });
  afterAll(() => server.close());
  const keys = keysOn(
    () => server,
    () => store,
    clock,
  );

  it('forgets a key at exactly IDEMPOTENCY_TTL_HOURS (24) after its claim, not a millisecond before', async () => {
    const now = clock.now().getTime();
    await keys.foreignClaim(idempotencyStream('p-ttl', 'almost'), now - 24 * HOUR + 1, 60_000);
    await keys.foreignClaim(idempotencyStream('p-ttl', 'exactly'), now - 24 * HOUR, 60_000);
    const before = keys.echoCount();
    expect(await keys.post('/test/echo', echoBody, 'p-ttl', 'almost')).toMatchObject({
      status: 409,
      body: { code: 'idempotency_request_interrupted' },
    });
    expect((await keys.post('/test/echo', echoBody, 'p-ttl', 'exactly')).status).toBe(201);
    expect(keys.echoCount()).toBe(before + 1);
  });

  it('answers 503 and runs nothing when the store cannot take the claim', async () => {
    const before = keys.echoCount();
    store.failAppendsTo(idempotencyStream('p-claim-down', 'k'));
    try {
      expect(await keys.post('/test/echo', echoBody, 'p-claim-down', 'k')).toMatchObject({
        status: 503,
        body: { error: true },
      });
    } finally {
      store.heal();
    }
    expect(keys.echoCount()).toBe(before);
  });

  it('sends the answer it could not record, logs why, and answers a retry interrupted at once', async () => {
    const stream = idempotencyStream('p-settle-down', 'k');
    const first = keys.post('/test/slow', { milliseconds: 300 }, 'p-settle-down', 'k');
    await keys.until(async () => (await keys.events(stream)).length === 1);
    store.failAppendsTo(stream);
    try {
      expect((await first).status).toBe(201);
    } finally {
      store.heal();
    }
    expect(logs.lines.map((line) => line['msg'])).toContain(
      `Could not settle idempotency claim on ${stream}: the event store cannot be reached`,
    );
    expect(await keys.post('/test/slow', { milliseconds: 300 }, 'p-settle-down', 'k')).toMatchObject({
      status: 409,
      body: { code: 'idempotency_request_interrupted' },
    });
  });

  it('keeps the record of the request that took an expired key, not of the one that outlived its claim', async () => {
    const stream = idempotencyStream('p-taken-over', 'k');
    const outlived = keys.post('/test/slow', { milliseconds: 3_000, tag: 'first' }, 'p-taken-over', 'k');
    await keys.until(async () => (await keys.events(stream)).length === 1);
    // Its claim expires while it runs (3 s): another request takes the key and answers first.
    clock.advance(24 * HOUR);
    const taker = await keys.post('/test/slow', { milliseconds: 0, tag: 'second' }, 'p-taken-over', 'k');
    expect(taker.status).toBe(201);
    expect((await outlived).status).toBe(201);
    const retried = await keys.post('/test/slow', { milliseconds: 0, tag: 'second' }, 'p-taken-over', 'k');
    expect(retried).toMatchObject({ status: 201, body: taker.body });
    expect(retried.headers.get('x-idempotent-replayed')).toBe('true');
  });

  it('skips an event of a later release in a key stream, yet counts it: a released key still runs', async () => {
    const stream = idempotencyStream('p-later-event', 'k');
    await keys.foreignClaim(stream, clock.now().getTime(), 60_000);
    await keys.append(stream, 'IdempotencyClaimReleased', { fingerprint: 'f', reason: 'answered 503' }, 0n);
    await keys.append(stream, 'IdempotencyKeyAnnotatedByALaterRelease', {}, 1n);
    const before = keys.echoCount();
    expect((await keys.post('/test/echo', echoBody, 'p-later-event', 'k')).status).toBe(201);
    expect(keys.echoCount()).toBe(before + 1);
  });

  it('with IDEMPOTENCY_WAIT_MS=0, answers a key held by a running request in_progress without waiting at all', async () => {
    const stream = idempotencyStream('p-no-wait', 'k');
    const first = keys.post('/test/slow', { milliseconds: 2_000 }, 'p-no-wait', 'k');
    await keys.until(async () => (await keys.events(stream)).length === 1);
    // The wall clock stands still: the wait is used up to the millisecond, and not one more read is made.
    const realNow = Date.now;
    const frozen = realNow();
    Date.now = () => frozen;
    try {
      expect(await keys.post('/test/slow', { milliseconds: 2_000 }, 'p-no-wait', 'k')).toMatchObject({
        status: 409,
        body: { code: 'idempotency_request_in_progress' },
      });
    } finally {
      Date.now = realNow;
    }
    expect((await first).status).toBe(201);
  });
});

/** A store that tells how often each stream was read (to know a request has seen a key's state). */
class ReadCountingStore extends ForwardingEventStore {
  readonly reads = new Map<string, number>();
  override readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent> {
    this.reads.set(streamName, (this.reads.get(streamName) ?? 0) + 1);
    return super.readStream(streamName, options);
  }
}

describe('idempotency claims of other instances on EventStoreDB', () => {
  const WAIT_MS = 10_000;
  let server: TestServer;
  const store = new ReadCountingStore(new MemoryEventStore());
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    server = await startServer({
      imports: [TestRoutesModule],
      eventStore: store,
      clock,
      env: { EVENT_STORE: 'esdb', IDEMPOTENCY_WAIT_MS: WAIT_MS },
    });
  });
  afterAll(() => server.close());
  const keys = keysOn(
    () => server,
    () => store,
    clock,
  );

  it('waits on a claim whose lease runs, and runs as soon as its instance releases it, long before the wait ends', async () => {
    const stream = idempotencyStream('p-live-lease', 'k');
    await keys.foreignClaim(stream, clock.now().getTime(), 60_000);
    const before = keys.echoCount();
    const waiting = keys.post('/test/echo', echoBody, 'p-live-lease', 'k');
    // The request has read the key and found it held.
    await keys.until(() => (store.reads.get(stream) ?? 0) > 0);
    const released = Date.now();
    await keys.append(stream, 'IdempotencyClaimReleased', { fingerprint: 'f', reason: 'answered 503' }, 0n);
    const answer = await waiting;
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-idempotent-replayed')).toBeNull();
    expect(keys.echoCount()).toBe(before + 1);
    // Re-read while waiting, not once the wait is over.
    expect(Date.now() - released).toBeLessThan(WAIT_MS / 2);
  });

  it('answers interrupted at once for a claim whose lease ends now', async () => {
    const stream = idempotencyStream('p-lease-over', 'k');
    await keys.foreignClaim(stream, clock.now().getTime() - 60_000, 60_000);
    const before = keys.echoCount();
    expect(await keys.post('/test/echo', echoBody, 'p-lease-over', 'k')).toMatchObject({
      status: 409,
      body: { code: 'idempotency_request_interrupted' },
    });
    expect(keys.echoCount()).toBe(before);
  });
});
