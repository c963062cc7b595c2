import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM, createApp } from '@paykit/api';
import { DEFAULT_ACP_API_KEY, DEFAULT_MERCHANT_ID, createDemoMerchant } from '@paykit/demo-merchant';
import type { Platform } from '@paykit/platform';

export interface LocalSandbox {
  /** `{base_url}` of the API, prefix included. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The demo merchant, allow-listed and with its agentic-checkout credential configured. */
  readonly merchantUrl: string;
  close(): Promise<void>;
}

/**
 * The sandbox's waits, shortened so the tour sees every outcome in seconds: blocks every 200 ms
 * (an EVM transfer is final after 3), payouts sent and settled after a second each, workers and
 * webhook senders polling five times a second. Everything else is the default configuration.
 */
export const FAST_SANDBOX_ENV = {
  SANDBOX_BLOCK_TIME_MS: '200',
  PAYOUT_SANDBOX_SEND_DELAY_MS: '1000',
  PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS: '1000',
  ORDER_WORKER_INTERVAL_MS: '200',
  WEBHOOK_POLL_MS: '200',
  RECONCILIATION_OBSERVE_EVERY_MS: '500',
} as const;

/**
 * An API on a fresh temp data directory (embedded store) and the demo merchant, both on
 * 127.0.0.1, with a project whose server key the tour uses. close() stops both and deletes the
 * directory.
 */
export const startLocalSandbox = async (env: Readonly<Record<string, string>> = {}): Promise<LocalSandbox> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'paykit-demo-'));
  // The shop's processor asks the API's sandbox card network about virtual cards (docs/adr/0226).
  let cardNetworkUrl: string | undefined;
  const merchant = await createDemoMerchant({ seed: 'paykit-demo', cardNetworkUrl: () => cardNetworkUrl });
  const merchantOrigin = new URL(merchant.url).origin;
  try {
    const running = await createApp({
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EVENT_STORE: 'sqlite',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ...FAST_SANDBOX_ENV,
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        AGENT_CHECKOUT_ALLOWED_HOSTS: new URL(merchant.url).host,
        AGENT_CHECKOUT_ACP_CREDENTIALS: JSON.stringify({
          [merchantOrigin]: { token: DEFAULT_ACP_API_KEY, merchantId: DEFAULT_MERCHANT_ID },
        }),
        AGENT_CHECKOUT_DRAIN_MS: '200',
        ...env,
      },
    });
    cardNetworkUrl = `${running.rootUrl}/sandbox/card-network/authorizations`;
    const platform = running.app.get<Platform>(PLATFORM);
    const { serverKey } = await platform.provisionProject(
      { name: 'Demo', environment: 'staging' },
      { actor: { type: 'cli', id: 'demo' } },
    );
    return {
      baseUrl: running.baseUrl,
      apiKey: serverKey,
      merchantUrl: merchant.url,
      close: async () => {
        await running.close();
        await merchant.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await merchant.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};
