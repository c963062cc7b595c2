import type { Platform } from '@paykit/platform';
import { type RunningApp, createApp } from '../../src/app.js';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { fetchJson } from '../support/http-client.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';
import { pollUntil } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('the transfer executor across a restart', () => {
  let dir: TempDir;
  const start = (pollMs: number): Promise<RunningApp> =>
    createApp({
      env: {
        PORT: 0,
        HOST: '127.0.0.1',
        DATA_DIR: dir.path,
        LOG_LEVEL: 'silent',
        SANDBOX_BLOCK_TIME_MS: 20,
        TRANSFER_POLL_INTERVAL_MS: pollMs,
      },
    });

  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(() => dir.remove());

  it('finishes a transfer another process sent, from the read model and the sandbox journal', async () => {
    // The first process sends the transaction, then would look again only in ten minutes.
    const first = await start(600_000);
    const { serverKey } = await first.app
      .get<Platform>(PLATFORM)
      .provisionProject({ name: 'Restart', environment: 'staging' }, { actor: { type: 'cli', id: 'test' } });
    const call = (app: RunningApp, method: string, path: string, body?: unknown) =>
      fetchJson(`${app.baseUrl}${path}`, { method, body, headers: { 'x-api-key': serverKey } });
    const wallet = (await call(first, 'POST', WALLETS, { chainType: 'evm', type: 'mpc', alias: 'restart' })).body;
    await call(first, 'POST', `/v1-alpha2/wallets/${wallet.address}/balances`, {
      amount: 3,
      token: 'usdc',
      chain: 'base-sepolia',
    });
    const sent = await call(first, 'POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: '0x000000000000000000000000000000000000bEEF',
      amount: '1',
    });
    const path = `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`;
    const broadcast = await pollUntil(
      () => call(first, 'GET', path),
      (response) => response.body.onChain.txId !== undefined,
    );
    expect(broadcast.body.status).toBe('pending');
    await first.close();

    const second = await start(10);
    try {
      const final = await pollUntil(
        () => call(second, 'GET', path),
        (response) => response.body.status !== 'pending',
      );
      expect(final.body).toMatchObject({ status: 'success', onChain: { txId: broadcast.body.onChain.txId } });
    } finally {
      await second.close();
    }
  });
});
