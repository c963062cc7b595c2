import { parseAllowedHosts } from '@paykit/checkout-agent';
import { describeIssue } from '@paykit/contracts';
import { z } from 'zod';

const integer = (fallback: number, minimum = 0) => z.coerce.number().int().min(minimum).default(fallback);

const isAllowedHostList = (value: string): boolean => {
  try {
    parseAllowedHosts(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every setting the server reads from its environment, with its default. Adding a setting is
 * one line here; `loadConfig` refuses to start on a bad value and names the variable.
 */
const ConfigSchema = z.object({
  PORT: integer(3000).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  APP_ENV: z.enum(['staging', 'production']).default('staging'),
  EVENT_STORE: z.enum(['sqlite', 'memory']).default('sqlite'),
  API_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)+$/, { error: 'must be a path such as /api' })
    .default('/api'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_WRITES_PER_MIN: integer(120),
  RATE_LIMIT_READS_PER_MIN: integer(360),
  /** Per API key, within the project's budget; defaults to the project's budget. */
  RATE_LIMIT_KEY_WRITES_PER_MIN: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_KEY_READS_PER_MIN: z.coerce.number().int().min(0).optional(),
  REQUEST_TIMEOUT_MS: integer(30_000, 1),
  BODY_LIMIT_BYTES: integer(1_048_576, 1),
  /** How long a request waits for a concurrent one with the same idempotency key to finish. */
  IDEMPOTENCY_WAIT_MS: integer(5_000),
  /** How long a recorded response is replayed; after that the key may be used again. */
  IDEMPOTENCY_TTL_HOURS: integer(24, 1),
  /** /ready holds while every projection is running and at most this many positions behind. */
  READY_MAX_PROJECTION_LAG: integer(1_000),
  /** Identity documents: the largest document accepted, in bytes once decoded (the upload route's body limit follows). */
  DOCUMENT_MAX_BYTES: integer(10_485_760, 1),
  /** Linked wallets: the domain named in the ownership challenge a wallet signs (CAIP-122). */
  WALLET_LINK_DOMAIN: z.string().regex(/^[A-Za-z0-9.-]+(:\d+)?$/, { error: 'must be a host name such as app.example.com' }).default('localhost'),
  /** Agent checkouts: hosts runs may reach although private (comma-separated host[:port]; the demo merchant in dev). */
  AGENT_CHECKOUT_ALLOWED_HOSTS: z.string().default('').refine(isAllowedHostList, { error: 'must be comma-separated host or host:port entries' }),
  /** `inprocess`: this process works on runs; `off`: only separate `pnpm runner` processes do. */
  AGENT_CHECKOUT_RUNNER: z.enum(['inprocess', 'off']).default('inprocess'),
  AGENT_CHECKOUT_RUNNER_CONCURRENCY: integer(4),
  AGENT_CHECKOUT_LEASE_MS: integer(30_000, 1),
  /** How often lapsed leases, spent budgets and expired questions are swept (0: never, in this process). */
  AGENT_CHECKOUT_SWEEP_MS: integer(5_000),
  AGENT_CHECKOUT_INPUT_TIMEOUT_MS: integer(900_000, 1),
  AGENT_CHECKOUT_REQUEST_TIMEOUT_MS: integer(15_000, 1),
  AGENT_CHECKOUT_COMPLETE_TIMEOUT_MS: integer(60_000, 1),
  /** At shutdown, how long runs under way may finish before their leases are left to lapse. */
  AGENT_CHECKOUT_DRAIN_MS: integer(10_000),
  /** Budgets of each new run (fixed in its first event). */
  AGENT_CHECKOUT_MAX_STEPS: integer(200, 1),
  AGENT_CHECKOUT_MAX_DURATION_MS: integer(1_800_000, 1),
  AGENT_CHECKOUT_MAX_TAKEOVERS: integer(2),
  AGENT_CHECKOUT_STREAM_HEARTBEAT_MS: integer(15_000, 1),
  /** How often deleted browser profiles are checked for erasure (0: never, in this process). */
  AGENT_CHECKOUT_ERASURE_EVERY_MS: integer(5_000),
  /** Wallets: sandbox chains' block time (every chain), to make staging transfers final sooner (tests, demos). */
  SANDBOX_BLOCK_TIME_MS: z.coerce.number().int().min(1).optional(),
  /** Wallets: how often the transfer executor polls a sent transaction; default about one block of its chain. */
  TRANSFER_POLL_INTERVAL_MS: z.coerce.number().int().min(1).optional(),
  /** Wallets: EVM chains served by a node, `chain=url` pairs (`base-sepolia=https://...`); other staging chains are the sandbox. */
  EVM_RPC_URLS: z.string().default(''),
  /** Wallets: what serves a production chain without a node: nothing (`unavailable`) or the sandbox (demo deployments). */
  CHAIN_PRODUCTION_FALLBACK: z.enum(['unavailable', 'sandbox']).default('unavailable'),
});

export type AppConfig = Readonly<z.infer<typeof ConfigSchema>>;
export type AppConfigInput = Partial<Record<keyof AppConfig, string | number>>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the known variables from `env` (unset and empty mean "use the default"). */
export const loadConfig = (env: Readonly<Record<string, string | number | undefined>>): AppConfig => {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(known, { error: describeIssue });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}=${JSON.stringify(known[String(issue.path[0])])}: ${issue.message}`,
    ),
  );
};
