import { type RunnerProcess, type RunnerProcessConfig, startRunnerProcess } from '@paykit/checkout-agent';
import { randomIds, systemClock } from '@paykit/kernel';
import type { DestinationStream } from 'pino';
import { ConfigError, loadConfig } from '../../config/config.js';
import { refuseHalfConfiguredProduction } from '../../config/production/production-parties.js';
import { cardIssuerOf } from '../../card-issuing/card-issuer.provider.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { appSecretsOf } from '../../infrastructure/secrets/app-secrets.js';
import { ErasableKeys } from '../../infrastructure/secrets/erasable-keys.js';
import { openEventStore } from '../../infrastructure/storage.js';
import { liveViewKey } from '../live-view/live-view-key.js';
import { DerivedKeys } from '../shared/derived-keys.js';
import { agentCheckoutBlobs, importAgentCheckoutBlobFiles } from '../shared/storage.providers.js';
import { createLogger } from '../../observability/logger.js';
import { runnerConfig } from './runner-config.js';

export { ConfigError };

export interface StandaloneRunnerOptions {
  /** Environment variables (the API's: DATA_DIR, EVENT_STORE, AGENT_CHECKOUT_*); process.env by default. */
  readonly env?: Readonly<Record<string, string | number | undefined>>;
  readonly logDestination?: DestinationStream;
  /** Test-only replacements (a gating transport). */
  readonly overrides?: Partial<RunnerProcessConfig>;
}

export interface StandaloneRunner {
  readonly process: RunnerProcess;
  /** Drains (AGENT_CHECKOUT_DRAIN_MS), then closes the store. */
  stop(): Promise<void>;
}

/**
 * A runner outside the API process (`pnpm runner`), for scale-out: the same configuration as the
 * in-process runner, on its own connection to the API's store. It must be a store the API
 * shares (sqlite under the same DATA_DIR); a store in memory would be a world of its own.
 * With AGENT_CHECKOUT_RUNNER_CONCURRENCY=0 it only sweeps.
 */
export const startStandaloneRunner = async (options: StandaloneRunnerOptions = {}): Promise<StandaloneRunner> => {
  const config = loadConfig(options.env ?? process.env);
  refuseHalfConfiguredProduction(config);
  if (config.EVENT_STORE === 'memory') {
    throw new ConfigError([
      'EVENT_STORE="memory": a separate runner needs the store the API uses (sqlite under the same DATA_DIR)',
    ]);
  }
  const logger = createLogger(config, options.logDestination).child({ component: 'agent-checkout-runner' });
  const store = await openEventStore(config);
  const secrets = appSecretsOf(config);
  const keys = new DerivedKeys(secrets);
  await importAgentCheckoutBlobFiles(config, store);
  const runnerProcess = startRunnerProcess({
    ...runnerConfig(config, {
      store,
      aggregates: new Aggregates(store, systemClock, randomIds),
      dataKeys: new ErasableKeys(store, secrets, systemClock, randomIds),
      clock: systemClock,
      ids: randomIds,
      logger,
      liveViewKey: liveViewKey(keys),
      blobs: agentCheckoutBlobs(store, keys),
      cardIssuer: cardIssuerOf(config, { store, secrets, clock: systemClock, ids: randomIds }),
    }),
    ...options.overrides,
  });
  logger.info({ runnerId: runnerProcess.runner.runnerId, dataDir: config.DATA_DIR }, 'agent checkout runner started');
  return {
    process: runnerProcess,
    stop: async () => {
      await runnerProcess.stop({ drainMs: config.AGENT_CHECKOUT_DRAIN_MS });
      await store.close();
    },
  };
};
