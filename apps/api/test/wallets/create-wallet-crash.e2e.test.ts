import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SqliteEventStore } from '@paykit/event-store';
import type { Wallet } from '@paykit/wallets';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fetchJson } from '../support/http-client.js';
import { makeTempDir } from '../support/temp-dir.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const WALLETS = '/2025-06-09/wallets';

interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly serverKey: string;
  /** Resolves with the signal the process ended by. */
  readonly ended: Promise<NodeJS.Signals | null>;
}

/** The API in a child process on `dataDir`; with `crashAfter`, it SIGKILLs itself after its first append to such a stream. */
const startServerProcess = (dataDir: string, crashAfter = '', provision = false): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@paykit/source',
        '--import',
        here('../../../../tools/testing/ts-loader/register.mjs'),
        here('./crash/wallet-server-process.ts'),
        dataDir,
        crashAfter,
        provision ? 'provision' : '',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const ended = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line)
        resolve({ child, ended, ...(JSON.parse(line) as { baseUrl: string; serverKey: string }) });
    });
    child.on('error', reject);
    void ended.then((signal) =>
      reject(new Error(`the server process ended (${String(signal)}) before it was ready: ${stderr}`)),
    );
  });

const post = (server: ServerProcess, key: string, body: unknown, headers: Record<string, string> = {}) =>
  fetchJson(`${server.baseUrl}${WALLETS}`, { method: 'POST', body, headers: { 'x-api-key': key, ...headers } });

/** Sends a request the server dies in the middle of: there is no answer, and the process ends by SIGKILL. */
const postUntilKilled = async (
  server: ServerProcess,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  await expect(post(server, key, body, headers)).rejects.toThrow();
  expect(await server.ended).toBe('SIGKILL');
};

const walletsRecordedIn = async (dataDir: string): Promise<Wallet[]> => {
  const store = new SqliteEventStore({ dataDir });
  try {
    const wallets: Wallet[] = [];
    for await (const event of store.readAll()) if (event.type === 'WalletCreated') wallets.push(event.data as Wallet);
    return wallets;
  } finally {
    await store.close();
  }
};

describe('create wallet across a crash (the server SIGKILLed between its writes)', () => {
  it('finishes the wallet on the retry, exactly once, wherever the first attempt died', async () => {
    const dir = await makeTempDir();
    const running: ServerProcess[] = [];
    try {
      const admin = privateKeyToAccount(generatePrivateKey()).address;
      const keyed = {
        chainType: 'evm',
        config: { adminSigner: { type: 'external-wallet', address: admin }, creationSeed: '1' },
      };
      const unkeyed = {
        chainType: 'evm',
        config: { adminSigner: { type: 'external-wallet', address: admin }, creationSeed: '2' },
      };
      const key = { 'x-idempotency-key': 'crash-wallet-1' };

      // 1. Dies right after binding the idempotency key, before the wallet exists.
      const first = await startServerProcess(dir.path, 'walletkey-', true);
      running.push(first);
      const { serverKey } = first;
      await postUntilKilled(first, serverKey, keyed, key);

      // 2. Dies right after claiming the address, before the wallet exists (no key, no owner).
      const second = await startServerProcess(dir.path, 'walletaddress-');
      running.push(second);
      await postUntilKilled(second, serverKey, unkeyed);

      // 3. Restarted on the same data: the retries finish both wallets.
      const third = await startServerProcess(dir.path);
      running.push(third);
      // The key names the first request's wallet for good, even when the retry's body differs.
      const keyedRetry = await post(third, serverKey, { ...keyed, owner: 'email:someone@example.com' }, key);
      expect(keyedRetry.status).toBe(201);
      expect(keyedRetry.body).toMatchObject({ config: { adminSigner: { address: admin } } });
      expect(keyedRetry.body.owner).toBeUndefined();
      const keyedAgain = await post(third, serverKey, keyed, key);
      expect(keyedAgain.status).toBe(200);
      expect(keyedAgain.body).toEqual(keyedRetry.body);

      const unkeyedRetry = await post(third, serverKey, unkeyed);
      expect(unkeyedRetry.status).toBe(201);
      // Now the address is that wallet's: another owner-less create of it is another wallet, refused.
      expect((await post(third, serverKey, unkeyed)).status).toBe(409);

      third.child.kill('SIGKILL');
      await third.ended;
      const wallets = await walletsRecordedIn(dir.path);
      expect(wallets.map((wallet) => wallet.address).sort()).toEqual(
        [keyedRetry.body.address, unkeyedRetry.body.address].sort(),
      );
    } finally {
      for (const server of running)
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await Promise.all(running.map((server) => server.ended));
      await dir.remove();
    }
  }, 120_000);
});
