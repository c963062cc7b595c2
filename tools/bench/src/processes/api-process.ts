import { setTimeout as sleep } from 'node:timers/promises';
import { API_MAIN, startProgram } from './child-process.js';
import { cpuProfileEnv } from './cpu-profile.js';

/**
 * What the API child runs with besides its defaults: its own data directory and a free port,
 * logs at warn, rate limits far above any load a benchmark sends (their cost is still paid on
 * every request), and /ready failing while any projection is behind at all, so that
 * `waitUntilCaughtUp` can ask it.
 */
const BENCH_ENV = {
  PORT: 0,
  HOST: '127.0.0.1',
  EVENT_STORE: 'sqlite',
  APP_ENV: 'staging',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_READS_PER_MIN: 1_000_000_000,
  RATE_LIMIT_WRITES_PER_MIN: 1_000_000_000,
  READY_MAX_PROJECTION_LAG: 0,
} as const;

export interface ApiProcess {
  readonly pid: number;
  /** The API's `{base_url}` (with /api). */
  readonly baseUrl: string;
  /** Health, readiness and metrics. */
  readonly rootUrl: string;
  /** Resolves once /ready says every projection has caught up with the store. */
  waitUntilCaughtUp(timeoutMs?: number): Promise<void>;
  outputTail(): string;
  stop(): Promise<void>;
}

const LISTENING = /PayKit API listening on (\S+)/;

/** The built API (`node apps/api/dist/main.js`, what `pnpm start` runs) in a child process on `dataDir`. */
export const startApiProcess = async (
  dataDir: string,
  env: Readonly<Record<string, string | number>> = {},
): Promise<ApiProcess> => {
  const child = await startProgram(API_MAIN, (line) => LISTENING.exec(line)?.[1], {
    env: { ...BENCH_ENV, DATA_DIR: dataDir, ...cpuProfileEnv(), ...env },
  });
  const baseUrl = child.ready;
  const rootUrl = new URL(baseUrl).origin;
  return {
    pid: child.pid,
    baseUrl,
    rootUrl,
    waitUntilCaughtUp: async (timeoutMs = 300_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = await fetch(`${rootUrl}/ready`);
        const body = await ready.text();
        if (ready.status === 200) return;
        if (Date.now() > deadline)
          throw new Error(`the API's projections did not catch up within ${timeoutMs} ms: ${body}`);
        await sleep(100);
      }
    },
    outputTail: () => child.outputTail(),
    stop: () => child.stop(),
  };
};
