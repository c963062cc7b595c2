/**
 * A quick measurement of the sandbox ledger on its own: faucet mints then balance reads through
 * SandboxChainGateway on a memory store and on SQLite (synchronous=FULL, as the API runs it),
 * sequential and with ten concurrent callers (docs/adr/0430). Not part of CI. Run from
 * packages/providers:
 *
 *   TS_NODE_TRANSPILE_ONLY=1 N=2000 node --no-warnings --conditions=@paykit/source --loader ts-node/esm scripts/ledger-bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, MemoryEventStore, SqliteEventStore } from '@paykit/event-store';
import { systemClock } from '@paykit/kernel';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SandboxChainGateway } from '../src/index.js';

const N = Number(process.env['N'] ?? 2000);
const CHAIN = 'base-sepolia';

const microsPerOp = (from: bigint, to: bigint) => (Number(to - from) / 1e3 / N).toFixed(1);

const run = async (label: string, store: EventStore, concurrency: number) => {
  const gateway = new SandboxChainGateway({
    environment: 'staging',
    clock: systemClock,
    timing: { blockTimeMs: 20 },
    store,
  });
  const addresses = Array.from({ length: 50 }, () => privateKeyToAccount(generatePrivateKey()).address);
  const lanes = (work: (index: number) => Promise<void>) =>
    Promise.all(
      Array.from({ length: concurrency }, async (_, lane) => {
        for (let index = lane; index < N; index += concurrency) await work(index);
      }),
    );
  const fund = async (index: number) => {
    const funded = await gateway.fund({
      chain: CHAIN,
      address: addresses[index % 50] as string,
      token: 'usdxm',
      amount: '1',
    });
    if (funded._tag === 'Left') throw new Error(funded.left.message);
  };
  for (let index = 0; index < 200; index++) await fund(index);
  const started = process.hrtime.bigint();
  await lanes(fund);
  const funded = process.hrtime.bigint();
  await lanes(async (index) => {
    const balance = await gateway.getBalance({
      chain: CHAIN,
      address: addresses[index % 50] as string,
      token: { native: true },
    });
    if (balance._tag === 'Left') throw new Error(balance.left.message);
  });
  const read = process.hrtime.bigint();
  console.log(
    `${label}, ${concurrency} caller(s): faucet ${microsPerOp(started, funded)} µs/op, balance ${microsPerOp(funded, read)} µs/op`,
  );
};

await run('memory store', new MemoryEventStore(), 1);
for (const concurrency of [1, 10]) {
  const dir = mkdtempSync(join(tmpdir(), 'paykit-ledger-bench-'));
  const store = new SqliteEventStore({ dataDir: dir });
  await run('sqlite store', store, concurrency);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
