import { LiveViewServer, type RunnerLogger, type RunnerProcessConfig } from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import type { Clock } from '@paykit/kernel';
import type { AppConfig } from '../../config/config.js';

/**
 * The runner process's live view (ADR 0230), from AGENT_CHECKOUT_LIVE_VIEW_*: its server listens
 * from the first browser a run attaches, in whichever process runs it (the API's in-process
 * runner or `pnpm runner`).
 */
export const liveViewConfig = (
  config: AppConfig,
  deps: {
    readonly store: EventStore;
    readonly clock: Clock;
    readonly logger: RunnerLogger;
    readonly tokenKey: () => Buffer;
  },
): Pick<RunnerProcessConfig, 'liveView'> => {
  if (config.AGENT_CHECKOUT_LIVE_VIEW === 'off') return {};
  return {
    liveView: new LiveViewServer({
      store: deps.store,
      clock: deps.clock,
      logger: deps.logger,
      tokenKey: deps.tokenKey,
      host: config.AGENT_CHECKOUT_LIVE_VIEW_HOST,
      port: config.AGENT_CHECKOUT_LIVE_VIEW_PORT,
      ...(config.AGENT_CHECKOUT_LIVE_VIEW_PUBLIC_URL ? { publicUrl: config.AGENT_CHECKOUT_LIVE_VIEW_PUBLIC_URL } : {}),
    }),
  };
};
