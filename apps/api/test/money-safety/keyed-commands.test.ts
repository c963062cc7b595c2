import { randomUUID } from 'node:crypto';
import {
  type EventStore,
  MemoryEventStore,
  type RecordedEvent,
  SqliteEventStore,
  createEventStore,
} from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { type Decider, type DomainError, DomainException, conflict, invalid } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import {
  KeyedRequestCompleted,
  type KeyedStep,
  handleKeyedCommand,
} from '../../src/http/idempotency/keyed-commands.js';
import { KeyedWrite } from '../../src/http/idempotency/keyed-write.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';

/** A small account: opened once, then deposits, each once by its id; a deposit above 100 is refused. */
type Command = { type: 'Open' } | { type: 'Deposit'; depositId: string; amount: number };
type Event =
  { type: 'Opened'; data: Record<string, never> } | { type: 'Deposited'; data: { depositId: string; amount: number } };
interface Account {
  readonly balance: number;
  readonly deposits: readonly string[];
}
const account: Decider<Command, Event, Account | null, DomainError> = {
  initialState: () => null,
  evolve: (state, event) =>
    event.type === 'Opened'
      ? { balance: 0, deposits: [] }
      : {
          balance: (state?.balance ?? 0) + event.data.amount,
          deposits: [...(state?.deposits ?? []), event.data.depositId],
        },
  decide: (command, state) => {
    if (command.type === 'Open')
      return state ? E.left(conflict('already_open', 'the account is open')) : E.right([{ type: 'Opened', data: {} }]);
    if (!state) return E.left(invalid('not_open', 'no account'));
    if (state.deposits.includes(command.depositId)) return E.right([]);
    if (command.amount > 100) return E.left(invalid('too_much', 'at most 100'));
    return E.right([{ type: 'Deposited', data: { depositId: command.depositId, amount: command.amount } }]);
  },
};

const toAppend = (event: Event) => ({
  ...event,
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    projectId: 'p',
    actor: { type: 'system' as const, id: 'test' },
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
  },
});

const keyed = (key: string, request = 'request-a') => KeyedWrite.of('p', 'POST test/accounts', key, request);

const run = (store: EventStore, stream: string, command: Command, step: KeyedStep) =>
  handleKeyedCommand(store, stream, account, command, toAppend, step).then(
    (result) => ({ kind: 'handled' as const, result }),
    (error: unknown) => {
      if (error instanceof KeyedRequestCompleted)
        return { kind: 'replayed' as const, state: error.state as Account, refusal: error.refusal };
      throw error;
    },
  );

const eventsOf = async (store: EventStore, stream: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
};

/**
 * The keyed command handler on each event store adapter (ADR 0305): only the port's append at
 * an expected revision, so EventStoreDB (the protocol-level test server and the real client)
 * gives the same guarantee as the embedded store.
 */
describe.each([
  ['memory', async () => ({ store: new MemoryEventStore() as EventStore, close: async () => {} })],
  [
    'sqlite',
    async () => {
      const dir: TempDir = await makeTempDir('paykit-keyed-');
      const store = new SqliteEventStore({ dataDir: dir.path });
      return { store: store as EventStore, close: async () => (await store.close(), await dir.remove()) };
    },
  ],
  [
    'esdb (test server)',
    async () => {
      const server: EsdbTestServer = await startEsdbTestServer();
      const store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
      return { store, close: async () => (await store.close(), await server.close()) };
    },
  ],
])('keyed commands on %s', (_name, open) => {
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());
  const stream = () => `account-${randomUUID()}`;

  it('executes twenty concurrent requests with one key once; every other one answers the state that one left', async () => {
    const name = stream();
    await run(store, name, { type: 'Open' }, { write: keyed('open'), completes: true });
    const write = () => keyed('deposit-1');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        run(store, name, { type: 'Deposit', depositId: randomUUID(), amount: 5 }, { write: write(), completes: true }),
      ),
    );
    const deposits = (await eventsOf(store, name)).filter((event) => event.type === 'Deposited');
    expect(deposits).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'handled')).toHaveLength(1);
    for (const outcome of outcomes) {
      const state = outcome.kind === 'handled' ? E.getOrElseW(() => null)(outcome.result)?.state : outcome.state;
      expect(state).toEqual({ balance: 5, deposits: [(deposits[0]!.data as { depositId: string }).depositId] });
    }
  });

  it('answers a retry with the state right after the completing write, not the stream as it is now', async () => {
    const name = stream();
    await run(store, name, { type: 'Open' }, { write: keyed('open'), completes: true });
    await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd1', amount: 10 },
      { write: keyed('first'), completes: true },
    );
    await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd2', amount: 20 },
      { write: keyed('second'), completes: true },
    );
    const retried = await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd1', amount: 10 },
      { write: keyed('first'), completes: true },
    );
    expect(retried).toEqual({ kind: 'replayed', state: { balance: 10, deposits: ['d1'] }, refusal: undefined });
  });

  it('refuses the key for another request: 409 idempotency_key_reused, nothing written', async () => {
    const name = stream();
    await run(store, name, { type: 'Open' }, { write: keyed('open'), completes: true });
    await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd1', amount: 10 },
      { write: keyed('k', 'request-a'), completes: true },
    );
    const reused = run(
      store,
      name,
      { type: 'Deposit', depositId: 'd9', amount: 90 },
      { write: keyed('k', 'request-b'), completes: true },
    );
    await expect(reused).rejects.toBeInstanceOf(DomainException);
    await expect(reused).rejects.toMatchObject({ error: { kind: 'conflict', code: 'idempotency_key_reused' } });
    expect((await eventsOf(store, name)).map((event) => event.type)).toEqual(['Opened', 'Deposited']);
  });

  it('resumes a request cut off between its steps: the earlier step is not repeated, the last completes it', async () => {
    const name = stream();
    // The first run stopped after its first step (a crash): open, not yet deposited.
    await run(store, name, { type: 'Open' }, { write: keyed('open-and-deposit'), completes: false });
    const opening = await run(store, name, { type: 'Open' }, { write: keyed('open-and-deposit'), completes: false });
    expect(opening.kind === 'handled' && E.isLeft(opening.result) && opening.result.left.code).toBe('already_open');
    const deposited = await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd1', amount: 10 },
      { write: keyed('open-and-deposit'), completes: true },
    );
    expect(deposited.kind).toBe('handled');
    const again = await run(store, name, { type: 'Open' }, { write: keyed('open-and-deposit'), completes: false });
    expect(again).toMatchObject({ kind: 'replayed', state: { balance: 10, deposits: ['d1'] } });
    const stamped = (await eventsOf(store, name)).map((event) => [
      event.type,
      (event.metadata as { idempotency?: { completes?: true } }).idempotency?.completes ?? false,
    ]);
    expect(stamped).toEqual([
      ['Opened', false],
      ['Deposited', true],
    ]);
  });

  it('replays the refusal a request answered with although it wrote', async () => {
    const name = stream();
    await run(store, name, { type: 'Open' }, { write: keyed('open'), completes: true });
    const refusal = conflict('card_refused', 'the processor refused it');
    await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd1', amount: 1 },
      { write: keyed('refused'), completes: true, refusal },
    );
    const retried = await run(
      store,
      name,
      { type: 'Deposit', depositId: 'd1', amount: 1 },
      { write: keyed('refused'), completes: true },
    );
    expect(retried).toEqual({ kind: 'replayed', state: { balance: 1, deposits: ['d1'] }, refusal });
  });

  it('lets requests with different keys on one stream all apply, each once', async () => {
    const name = stream();
    await run(store, name, { type: 'Open' }, { write: keyed('open'), completes: true });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(
          store,
          name,
          { type: 'Deposit', depositId: `d${i}`, amount: 1 },
          { write: keyed(`key-${i}`), completes: true },
        ),
      ),
    );
    // A conflict is retried on fresh state (at most 3 times): the busiest may give up, never write twice.
    const deposits = (await eventsOf(store, name))
      .filter((event) => event.type === 'Deposited')
      .map((event) => (event.data as { depositId: string }).depositId);
    expect(new Set(deposits).size).toBe(deposits.length);
  });
});
