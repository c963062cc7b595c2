import { parseAllowedHosts } from '../safety/allowed-hosts.js';
import type { RunnerProcessConfig } from './runner-process.js';

export type RunnerSettings = Pick<
  RunnerProcessConfig,
  | 'allowedHosts'
  | 'concurrency'
  | 'leaseMs'
  | 'sweepEveryMs'
  | 'inputTimeoutMs'
  | 'requestTimeoutMs'
  | 'completeTimeoutMs'
>;

const VARIABLES = {
  concurrency: 'AGENT_CHECKOUT_RUNNER_CONCURRENCY',
  leaseMs: 'AGENT_CHECKOUT_LEASE_MS',
  sweepEveryMs: 'AGENT_CHECKOUT_SWEEP_MS',
  inputTimeoutMs: 'AGENT_CHECKOUT_INPUT_TIMEOUT_MS',
  requestTimeoutMs: 'AGENT_CHECKOUT_REQUEST_TIMEOUT_MS',
  completeTimeoutMs: 'AGENT_CHECKOUT_COMPLETE_TIMEOUT_MS',
} as const;

const integer = (env: Readonly<Record<string, string | undefined>>, name: string, min: number): number | undefined => {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return Number(raw);
};

/**
 * The runner's settings from the environment (`AGENT_CHECKOUT_ALLOWED_HOSTS` and the
 * `AGENT_CHECKOUT_*` numbers above). A malformed value throws, so a typo stops the process at
 * start rather than running with a setting nobody chose.
 */
export const readRunnerSettings = (env: Readonly<Record<string, string | undefined>> = process.env): RunnerSettings => {
  const allowedHosts = env.AGENT_CHECKOUT_ALLOWED_HOSTS;
  if (allowedHosts !== undefined) parseAllowedHosts(allowedHosts);
  const settings: Record<string, unknown> = allowedHosts === undefined ? {} : { allowedHosts };
  for (const [key, name] of Object.entries(VARIABLES)) {
    const value = integer(env, name, key === 'sweepEveryMs' ? 0 : 1);
    if (value !== undefined) settings[key] = value;
  }
  return settings as RunnerSettings;
};
