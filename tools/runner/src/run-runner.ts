import { ConfigError, type StandaloneRunner, startStandaloneRunner } from '@paykit/api/agent-checkout-runner';

/** What the process listens to for a stop (process itself, or a stand-in in tests). */
export interface SignalSource {
  once(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
}

export interface RunnerHandle {
  readonly runner: StandaloneRunner;
  /** Resolves once a signal has stopped the runner (drained) and closed its store. */
  readonly stopped: Promise<void>;
}

/**
 * `pnpm runner`: a checkout runner beside the API, on the same DATA_DIR (sqlite), configured by
 * the same environment variables. SIGTERM or SIGINT drains it (AGENT_CHECKOUT_DRAIN_MS): runs
 * under way may finish, the rest are left to their leases for another runner to take over.
 */
export const runRunner = async (
  env: Readonly<Record<string, string | number | undefined>>,
  signals: SignalSource,
): Promise<RunnerHandle> => {
  const runner = await startStandaloneRunner({ env });
  const stopped = new Promise<void>((resolve, reject) => {
    const stop = () => void runner.stop().then(resolve, reject);
    signals.once('SIGTERM', stop);
    signals.once('SIGINT', stop);
  });
  return { runner, stopped };
};

export { ConfigError };
