import type { EventStore, RecordedEvent } from '@paykit/event-store';
import type { Platform } from '@paykit/platform';
import type { ChainGateway } from '@paykit/providers';
import { type RunningApp, createApp } from '../../src/app.js';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../../src/wallets/gateway/chain-gateway.token.js';
import { type JsonResponse, fetchJson } from '../support/http-client.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';

/**
 * The real server over HTTP on a sqlite store in a temp DATA_DIR that outlives it: `restart()`
 * closes it gracefully and starts it again on the same directory, as a deploy does. Fast
 * sandboxes as in the order tests (blocks every 20 ms, the order worker every 20 ms).
 */
export interface RestartableServer {
  readonly app: () => RunningApp;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  call<Body = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonResponse<Body>>;
  /** The project's client key (for paying with an order's client secret). */
  readonly clientKey: () => string;
  gateway(): ChainGateway;
  /** Every event of the given type in the store. */
  eventsOfType(type: string): Promise<RecordedEvent[]>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const startRestartableServer = async (env: Record<string, string | number> = {}): Promise<RestartableServer> => {
  const dir: TempDir = await makeTempDir('paykit-restart-');
  const start = () =>
    createApp({
      env: {
        PORT: 0,
        HOST: '127.0.0.1',
        DATA_DIR: dir.path,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_WRITES_PER_MIN: 1_000_000,
        RATE_LIMIT_READS_PER_MIN: 1_000_000,
        SANDBOX_BLOCK_TIME_MS: 20,
        TRANSFER_POLL_INTERVAL_MS: 10,
        ORDER_WORKER_INTERVAL_MS: 20,
        ORDER_NO_KYC_THRESHOLD_USD: '100',
        ORDER_PURCHASE_LIMIT: '1000',
        ...env,
      },
    });
  let running = await start();
  const platform = running.app.get<Platform>(PLATFORM);
  const provisioned = await platform.provisionProject(
    { name: 'Restarts', environment: running.config.APP_ENV },
    { actor: { type: 'cli', id: 'restart-tests' } },
  );
  return {
    app: () => running,
    call: (method, path, body, headers = {}) =>
      fetchJson(`${running.baseUrl}${path}`, {
        method,
        body,
        headers: { 'x-api-key': provisioned.serverKey, ...headers },
      }),
    clientKey: () => provisioned.clientKey,
    gateway: () => running.app.get<ChainGateway>(CHAIN_GATEWAY),
    eventsOfType: async (type) => {
      const events: RecordedEvent[] = [];
      for await (const event of running.app.get<EventStore>(EVENT_STORE).readAll())
        if (event.type === type) events.push(event);
      return events;
    },
    restart: async () => {
      await running.close();
      running = await start();
    },
    close: async () => {
      await running.close();
      await dir.remove();
    },
  };
};
