import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEventStore, type EventStore, EventStoreUnavailableError, MemoryEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { legacyJournalPath, sandboxChainStream, type LedgerTransaction } from '../../src/index.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { CountingStore, eventsOf, KilledAfter, makeDataDir } from '../state-support.js';
import { NATIVE, balanceOf, mpcWallet, sandbox, transferFrom, usdxmOn } from './support.js';

const CHAIN = 'base-sepolia';
const USDXM = usdxmOn(CHAIN);
const alice = mpcWallet('evm', 'store alice');
const bob = mpcWallet('evm', 'store bob');

const fund = async (gateway: ReturnType<typeof sandbox>['gateway'], address: string, amount: string) =>
  rightOf(await gateway.fund({ chain: CHAIN, address, token: 'usdxm', amount }));

describe('sandbox ledger in the event store: restarts', () => {
  it('rebuilds balances, outcomes and idempotency from its stream after the store is closed and opened again', async () => {
    const dir = await makeDataDir('ledger-restart');
    try {
      const clock = clockAt();
      const before = dir.open();
      const first = sandbox({ clock, store: before });
      await fund(first.gateway, alice.address, '20');
      const request = transferFrom(alice, CHAIN, USDXM, bob.address, '7000000', { idempotencyKey: 'persisted' });
      const submitted = rightOf(await first.gateway.submitTransfer(request));
      if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
      await before.close();
      clock.advance(5_000);

      const after = dir.open();
      const restarted = sandbox({ clock, store: after }).gateway;
      expect(await balanceOf(restarted, CHAIN, alice.address, USDXM)).toBe('13000000');
      expect(await balanceOf(restarted, CHAIN, bob.address, USDXM)).toBe('7000000');
      expect(rightOf(await restarted.getTransactionStatus(CHAIN, submitted.txId))).toMatchObject({
        status: 'success',
        confirmations: 5,
      });
      expect(rightOf(await restarted.submitTransfer(request))).toEqual(submitted);
      expect(await eventsOf(after, sandboxChainStream('staging', CHAIN))).toHaveLength(3);
      await after.close();
    } finally {
      await dir.remove();
    }
  });

  it('answers chain_unavailable while its store is closed, and nothing is half-written', async () => {
    const store = new MemoryEventStore();
    const { gateway } = sandbox({ store });
    await store.close();
    expect(
      leftOf(await gateway.fund({ chain: CHAIN, address: alice.address, token: 'usdxm', amount: '1' })),
    ).toMatchObject({
      kind: 'unavailable',
      code: 'chain_unavailable',
    });
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: alice.address, token: USDXM })).code).toBe(
      'chain_unavailable',
    );
  });
});

describe('sandbox ledger in the event store: concurrent writes on one instance', () => {
  it('decides concurrent writes one after another and appends them together', async () => {
    const store = new KilledAfter(new MemoryEventStore(), Number.POSITIVE_INFINITY);
    const { clock, gateway } = sandbox({ store });
    await fund(gateway, alice.address, '10');
    store.appends = 0;
    const request = transferFrom(alice, CHAIN, USDXM, bob.address, '1000000', { idempotencyKey: 'same-key' });
    const carol = mpcWallet('evm', 'store carol');
    const [first, second, , ...funds] = await Promise.all([
      gateway.submitTransfer(request),
      gateway.submitTransfer(request),
      gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '2000000')),
      ...Array.from({ length: 10 }, () =>
        gateway.fund({ chain: CHAIN, address: carol.address, token: 'usdxm', amount: '1' }),
      ),
    ]);
    expect(store.appends).toBeLessThan(4);
    expect(rightOf(first)).toEqual(rightOf(second));
    // Gas is topped up once: the batch's first mint counts for the faucets after it.
    expect(await balanceOf(gateway, CHAIN, carol.address, NATIVE)).toBe((10n ** 16n).toString());
    expect(rightOf(funds.at(-1)!).balance.amount).toBe('10');
    clock.advance(3_000);
    expect(await balanceOf(gateway, CHAIN, bob.address, USDXM)).toBe('3000000');
  });

  it('keeps nothing of a batch whose append failed, and carries on after it', async () => {
    const store = new KilledAfter(new MemoryEventStore(), 1, () => new EventStoreUnavailableError('down'));
    const { gateway } = sandbox({ store });
    await fund(gateway, alice.address, '10');
    const failed = await Promise.all(
      [1, 2].map(() => gateway.fund({ chain: CHAIN, address: alice.address, token: 'usdxm', amount: '5' })),
    );
    for (const result of failed)
      expect(leftOf(result)).toMatchObject({ kind: 'unavailable', code: 'chain_unavailable' });
    expect(leftOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '1')))).toMatchObject({
      code: 'chain_unavailable',
    });
    store.revive();
    expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('10000000');
    expect(
      rightOf(await gateway.fund({ chain: CHAIN, address: alice.address, token: 'usdxm', amount: '1' })).balance.amount,
    ).toBe('11');
    expect(await eventsOf(store, sandboxChainStream('staging', CHAIN))).toHaveLength(3);
  });
});

describe('sandbox ledger in the event store: several instances on one store', () => {
  it('shows a faucet on one instance in the balance read on another, and a transfer both ways', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt();
    const one = sandbox({ clock, store }).gateway;
    const two = sandbox({ clock, store }).gateway;
    await fund(one, alice.address, '10');
    expect(await balanceOf(two, CHAIN, alice.address, USDXM)).toBe('10000000');
    await fund(two, alice.address, '4');
    expect(await balanceOf(one, CHAIN, alice.address, USDXM)).toBe('14000000');

    const submitted = rightOf(await two.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '1500000')));
    if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
    clock.advance(3_000);
    expect(rightOf(await one.getTransactionStatus(CHAIN, submitted.txId)).status).toBe('success');
    expect([await balanceOf(one, CHAIN, bob.address, USDXM), await balanceOf(two, CHAIN, bob.address, USDXM)]).toEqual([
      '1500000',
      '1500000',
    ]);
  });

  it('orders concurrent accepts from both instances totally: every faucet counted once, sequences contiguous', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt();
    const instances = [sandbox({ clock, store }).gateway, sandbox({ clock, store }).gateway];
    await Promise.all(Array.from({ length: 24 }, (_, index) => fund(instances[index % 2]!, alice.address, '2')));
    expect(await balanceOf(instances[0]!, CHAIN, alice.address, USDXM)).toBe('48000000');
    expect(await balanceOf(instances[1]!, CHAIN, alice.address, USDXM)).toBe('48000000');
    const recorded = await eventsOf(store, sandboxChainStream('staging', CHAIN));
    expect(recorded.map((event) => (event.data as LedgerTransaction).seq)).toEqual(recorded.map((_, index) => index));
  });

  it('executes a transfer once when both instances submit it with the same key at the same time', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt();
    const one = sandbox({ clock, store }).gateway;
    const two = sandbox({ clock, store }).gateway;
    await fund(one, alice.address, '10');
    const request = transferFrom(alice, CHAIN, USDXM, bob.address, '3000000', { idempotencyKey: 'transfer-1' });
    const [a, b] = await Promise.all([one.submitTransfer(request), two.submitTransfer(request)]);
    expect(rightOf(a)).toEqual(rightOf(b));
    clock.advance(3_000);
    expect(await balanceOf(two, CHAIN, bob.address, USDXM)).toBe('3000000');
    const transfers = (await eventsOf(store, sandboxChainStream('staging', CHAIN))).filter(
      (event) => (event.data as LedgerTransaction).kind === 'transfer',
    );
    expect(transfers).toHaveLength(1);
  });

  it('agrees across instances whose clocks differ: a mint for a block another instance already executed past is put in its place', async () => {
    const store = new MemoryEventStore();
    const ahead = clockAt();
    const behind = clockAt();
    const one = sandbox({ clock: ahead, store }).gateway;
    const two = sandbox({ clock: behind, store }).gateway;
    rightOf(await one.fund({ chain: CHAIN, address: alice.address, token: 'native', amount: '0.01' }));
    const submitted = rightOf(await one.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '5000000')));
    if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
    ahead.advance(1_000);
    // The instance ahead has produced the transfer's block: alice held no usdxm yet.
    expect(await balanceOf(one, CHAIN, bob.address, USDXM)).toBe('0');
    // The instance behind mints into its current block, the one before the transfer's.
    await fund(two, alice.address, '10');
    ahead.advance(2_000);
    behind.advance(3_000);
    const fresh = sandbox({ clock: ahead, store }).gateway;
    for (const gateway of [one, two, fresh]) {
      expect(rightOf(await gateway.getTransactionStatus(CHAIN, submitted.txId)).status).toBe('success');
      expect(await balanceOf(gateway, CHAIN, bob.address, USDXM)).toBe('5000000');
      expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('5000000');
    }
  });

  it('catches up from its last revision: a read costs only what was appended since the one before', async () => {
    const inner = new MemoryEventStore();
    const counting = new CountingStore(inner);
    const clock = clockAt();
    const one = sandbox({ clock, store: counting }).gateway;
    const two = sandbox({ clock, store: inner }).gateway;
    for (let index = 0; index < 50; index++) await fund(one, alice.address, '1');
    counting.eventsRead = 0;
    expect(await balanceOf(one, CHAIN, alice.address, USDXM)).toBe('50000000');
    expect(counting.eventsRead).toBe(0);
    await fund(two, bob.address, '1');
    expect(await balanceOf(one, CHAIN, bob.address, USDXM)).toBe('1000000');
    expect(counting.eventsRead).toBe(2);
  });
});

describe('sandbox ledger on EventStoreDB (the test server): two instances, each with its own connection', () => {
  let server: EsdbTestServer;
  const clients: EventStore[] = [];
  beforeAll(async () => {
    server = await startEsdbTestServer();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });
  const instance = async (clock: ReturnType<typeof clockAt>) => {
    const client = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
    clients.push(client);
    return sandbox({ clock, store: client }).gateway;
  };

  it('reads on one instance the faucets of the other, whichever answers, and counts concurrent ones once each', async () => {
    const clock = clockAt();
    const one = await instance(clock);
    const two = await instance(clock);
    await fund(one, alice.address, '10');
    for (const gateway of [two, one, two, one])
      expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('10000000');
    await Promise.all(Array.from({ length: 10 }, (_, index) => fund(index % 2 === 0 ? one : two, bob.address, '1')));
    expect([await balanceOf(one, CHAIN, bob.address, USDXM), await balanceOf(two, CHAIN, bob.address, USDXM)]).toEqual([
      '10000000',
      '10000000',
    ]);
  });
});

describe('sandbox ledger: the journal of an earlier version', () => {
  /** Journal lines as the earlier version wrote them: one faucet of 10 (and gas), then of 5, then of 4. */
  const journalLines = async (): Promise<string[]> => {
    const store = new MemoryEventStore();
    const { gateway } = sandbox({ store });
    for (const amount of ['10', '5', '4']) await fund(gateway, alice.address, amount);
    return (await eventsOf(store, sandboxChainStream('staging', CHAIN))).map((event) => JSON.stringify(event.data));
  };

  it('imports it once; a record appended onto a torn line is kept, the torn one (never answered) is not', async () => {
    const dir = await makeDataDir('legacy-journal');
    try {
      const [tenUsdxm, tenGas, five, four] = await journalLines();
      const path = legacyJournalPath(dir.path, 'staging');
      // The faucet of 5 was cut off mid-write; the faucet of 4 was appended onto it and answered.
      writeFileSync(path, `${tenUsdxm}\n${tenGas}\n${five!.slice(0, 60)}${four}\n`);
      const store = dir.open();
      const { gateway } = sandbox({ store, legacyJournalPath: path });
      expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('14000000');
      expect(existsSync(path)).toBe(false);
      expect(existsSync(`${path}.imported`)).toBe(true);
      await fund(gateway, alice.address, '1');
      await store.close();

      const reopened = dir.open();
      const restarted = sandbox({ store: reopened, legacyJournalPath: path }).gateway;
      expect(await balanceOf(restarted, CHAIN, alice.address, USDXM)).toBe('15000000');
      expect(await eventsOf(reopened, sandboxChainStream('staging', CHAIN))).toHaveLength(4);
      await reopened.close();
    } finally {
      await dir.remove();
    }
  });

  it('completes an import that was cut short, without repeating what it imported', async () => {
    const dir = await makeDataDir('legacy-partial');
    try {
      const lines = await journalLines();
      const path = join(dir.path, 'chain-sandbox-staging.jsonl');
      const store = new MemoryEventStore();
      writeFileSync(path, `${lines[0]}\n`);
      expect(await balanceOf(sandbox({ store, legacyJournalPath: path }).gateway, CHAIN, alice.address, USDXM)).toBe(
        '10000000',
      );
      // The earlier run stopped before it renamed the journal: the whole file is there again.
      writeFileSync(path, `${lines.join('\n')}\n`);
      const { gateway } = sandbox({ store, legacyJournalPath: path });
      expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('19000000');
      expect(await balanceOf(gateway, CHAIN, alice.address, NATIVE)).toBe((10n ** 16n).toString());
      expect(await eventsOf(store, sandboxChainStream('staging', CHAIN))).toHaveLength(4);
    } finally {
      await dir.remove();
    }
  });
});
