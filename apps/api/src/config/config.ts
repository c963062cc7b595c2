import { describeIssue } from '@paykit/contracts';
import { z } from 'zod';

const integer = (fallback: number, minimum = 0) => z.coerce.number().int().min(minimum).default(fallback);

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
