/**
 * A quick measurement of the sandbox ledger through the API (docs/adr/0430): C clients each
 * alternate a faucet and a balance read (MODE=split: all faucets, then all reads) on a SQLite
 * store in a temp DATA_DIR. Not part of CI; prints the figures. From the repository root:
 *
 *   N=400 C=1 node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js -c apps/api/test/providers/bench/jest.bench.config.js
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '@paykit/platform';
import { createApp } from '../../../src/app.js';
import { PLATFORM } from '../../../src/auth/platform.provider.js';

const N = Number(process.env['N'] ?? 300);
const CLIENTS = Number(process.env['C'] ?? 1);
const SPLIT = process.env['MODE'] === 'split';

const percentile = (values: readonly number[], p: number): string =>
  ([...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)] ?? 0).toFixed(2);

it('measures faucet and balance requests', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paykit-faucet-bench-'));
  const app = await createApp({
    env: {
      PORT: 0,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_MIN: 10_000_000,
      RATE_LIMIT_READS_PER_MIN: 10_000_000,
      SANDBOX_BLOCK_TIME_MS: 20,
    },
  });
  try {
    const { serverKey } = await app.app
      .get<Platform>(PLATFORM)
      .provisionProject({ name: 'bench', environment: app.config.APP_ENV }, { actor: { type: 'cli', id: 'bench' } });
    const call = async (method: string, path: string, body?: unknown): Promise<{ address: string }> => {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': serverKey, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as { address: string };
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const wallets: string[] = [];
    for (let client = 0; client < CLIENTS; client++) {
      wallets.push(
        (await call('POST', '/2025-06-09/wallets', { chainType: 'evm', type: 'mpc', owner: `userId:bench-${client}` }))
          .address,
      );
    }
    const times = { faucet: [] as number[], balance: [] as number[] };
    const timed = async (into: number[], request: () => Promise<unknown>) => {
      const started = performance.now();
      await request();
      into.push(performance.now() - started);
    };
    const faucet = (wallet: string) =>
      timed(times.faucet, () =>
        call('POST', `/v1-alpha2/wallets/${wallet}/balances`, { amount: 1, token: 'usdc', chain: 'base-sepolia' }),
      );
    const balance = (wallet: string) =>
      timed(times.balance, () => call('GET', `/2025-06-09/wallets/${wallet}/balances?tokens=usdc&chains=base-sepolia`));
    const client = async (wallet: string, count: number) => {
      if (SPLIT) {
        for (let index = 0; index < count; index++) await faucet(wallet);
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (let index = 0; index < count; index++) await balance(wallet);
        return;
      }
      for (let index = 0; index < count; index++) {
        await faucet(wallet);
        await balance(wallet);
      }
    };
    await Promise.all(wallets.map((wallet) => client(wallet, 30)));
    times.faucet.length = 0;
    times.balance.length = 0;
    const started = performance.now();
    await Promise.all(wallets.map((wallet) => client(wallet, N)));
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `${SPLIT ? 'split' : 'mixed'} C=${CLIENTS} N=${N}: ${((2 * N * CLIENTS) / seconds).toFixed(0)} requests/s; ` +
        `faucet p50 ${percentile(times.faucet, 0.5)} p99 ${percentile(times.faucet, 0.99)} ms; ` +
        `balance p50 ${percentile(times.balance, 0.5)} p99 ${percentile(times.balance, 0.99)} ms\n`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
