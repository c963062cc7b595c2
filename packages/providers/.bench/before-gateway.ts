import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@paykit/kernel';
import { FileLedgerJournal, SandboxChainGateway } from '@paykit/providers';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';

const N = Number(process.env.N ?? 2000);
const run = async (label: string, journal?: FileLedgerJournal) => {
  const gateway = new SandboxChainGateway({ environment: 'staging', clock: systemClock, timing: { blockTimeMs: 20 }, ...(journal && { journal }) });
  const addresses = Array.from({ length: 50 }, () => privateKeyToAccount(generatePrivateKey()).address);
  const token = { native: false as const, address: '0x14196F08a4Fa0B66B7331bC40dd6bCd8A1dEeA9F' };
  // warm-up
  for (let i = 0; i < 200; i++) { await gateway.fund({ chain: 'base-sepolia', address: addresses[i % 50]!, token: 'usdxm', amount: '1' }); }
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const r = await gateway.fund({ chain: 'base-sepolia', address: addresses[i % 50]!, token: 'usdxm', amount: '1' });
    if (r._tag === 'Left') throw new Error(r.left.message);
  }
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const r = await gateway.getBalance({ chain: 'base-sepolia', address: addresses[i % 50]!, token: { native: true } });
    if (r._tag === 'Left') throw new Error(r.left.message);
  }
  const t2 = process.hrtime.bigint();
  console.log(`${label}: faucet ${(Number(t1 - t0) / 1e3 / N).toFixed(1)} µs/op, balance ${(Number(t2 - t1) / 1e3 / N).toFixed(1)} µs/op`);
};
const dir = mkdtempSync(join(tmpdir(), 'sbench-'));
await run('memory journal');
await run('file journal', new FileLedgerJournal(join(dir, 'chain.jsonl')));
rmSync(dir, { recursive: true, force: true });
