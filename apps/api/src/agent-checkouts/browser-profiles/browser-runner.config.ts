import { type RunnerProcessConfig, parseProxyList } from '@paykit/checkout-agent';
import type { BlobStore } from '@paykit/providers';
import type { AppConfig } from '../../config/config.js';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { BrowserProfileStates } from './browser-profile-states.js';
import { runnerProfileStore } from './runner-profile-store.js';

/**
 * The runner's browser (AGENT_CHECKOUT_BROWSER, CHROMIUM_PATH, AGENT_CHECKOUT_PROXIES): saved
 * profiles and step screenshots go to the agent checkouts' encrypted blob store, the one the
 * API erases deleted profiles from and keeps protected answers in.
 */
export const browserRunnerConfig = (
  config: AppConfig,
  deps: { readonly aggregates: Aggregates; readonly blobs: BlobStore },
): Pick<RunnerProcessConfig, 'browser'> =>
  config.AGENT_CHECKOUT_BROWSER === 'off'
    ? {}
    : {
        browser: {
          executablePath: config.CHROMIUM_PATH,
          proxies: parseProxyList(config.AGENT_CHECKOUT_PROXIES),
          profiles: runnerProfileStore(deps.aggregates, new BrowserProfileStates(deps.blobs)),
          blobs: deps.blobs,
          actionTimeoutMs: config.AGENT_CHECKOUT_REQUEST_TIMEOUT_MS,
        },
      };
