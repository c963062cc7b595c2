import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, MemoryEventStore, SqliteEventStore } from '@paykit/event-store';
import { systemClock } from '@paykit/kernel';
import { SandboxChainGateway } from '@paykit/providers';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';

const N = Number(process.env.N ?? 2000);
const run = async (label: string, store: EventStore, concurrency = 1) => {
  const gateway = new SandboxChainGateway({ environment: 'staging', clock: systemClock, timing: { blockTimeMs: 20 }, store });
  const addresses = Array.from({ length: 50 }, () => privateKeyToAccount(generatePrivateKey()).address);
  for (let i = 0; i < 200; i++) await gateway.fund({ chain: 'base-sepolia', address: addresses[i % 50]!, token: 'usdxm', amount: '1' });
  const lanes = (work: (i: number) => Promise<void>) => Promise.all(Array.from({ length: concurrency }, async (_, lane) => { for (let i = lane; i < N; i += concurrency) await work(i); }));
  const t0 = process.hrtime.bigint();
  await lanes(async (i) => { const r = await gateway.fund({ chain: 'base-sepolia', address: addresses[i % 50]!, token: 'usdxm', amount: '1' }); if (r._tag === 'Left') throw new Error(r.left.message); });
  const t1 = process.hrtime.bigint();
  await lanes(async (i) => { const r = await gateway.getBalance({ chain: 'base-sepolia', address: addresses[i % 50]!, token: { native: true } }); if (r._tag === 'Left') throw new Error(r.left.message); });
  const t2 = process.hrtime.bigint();
  console.log(`${label} (concurrency ${concurrency}): faucet ${(Number(t1 - t0) / 1e3 / N).toFixed(1)} µs/op, balance ${(Number(t2 - t1) / 1e3 / N).toFixed(1)} µs/op`);
};
await run('memory store', new MemoryEventStore());
for (const concurrency of [1, 10]) {
  const dir = mkdtempSync(join(tmpdir(), 'sbench-'));
  const store = new SqliteEventStore({ dataDir: dir });
  await run('sqlite store (synchronous=FULL)', store, concurrency);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
