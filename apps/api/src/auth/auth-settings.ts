import { z } from 'zod';
import { type AppConfig, ConfigError } from '../config/config.js';

const SECRETS_KEY_BYTES = 32;

/**
 * The settings the platform's auth reads from the environment, validated at start like the
 * rest of the configuration: a bad value stops start-up and names the variable.
 */
const AuthSettingsSchema = z.object({
  /** base64 of 32 bytes: seals project secrets (HS256 JWT secrets) with AES-256-GCM. */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === SECRETS_KEY_BYTES, {
      error: `must be the base64 encoding of ${SECRETS_KEY_BYTES} bytes (openssl rand -base64 32)`,
    })
    .optional(),
  /** How long an authenticated key is trusted before the store is read again. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  NODE_ENV: z.string().optional(),
});

export type AuthSettings = Readonly<z.infer<typeof AuthSettingsSchema>> & {
  /** Outside production, a missing SECRETS_KEY is generated once into DATA_DIR. */
  readonly mayGenerateSecretsKey: boolean;
};

export const loadAuthSettings = (env: Readonly<Record<string, string | undefined>>): AuthSettings => {
  const known = Object.fromEntries(
    Object.keys(AuthSettingsSchema.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = AuthSettingsSchema.safeParse(known);
  if (!parsed.success) {
    // Never echo the value: it may be a secret.
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const mayGenerateSecretsKey = parsed.data.NODE_ENV !== 'production';
  if (!mayGenerateSecretsKey && parsed.data.SECRETS_KEY === undefined) {
    throw new ConfigError(['SECRETS_KEY: required when NODE_ENV=production (openssl rand -base64 32)']);
  }
  return { ...parsed.data, mayGenerateSecretsKey };
};

/** The settings in force: the app's configuration wins once it carries them; until then, the environment. */
export const authSettingsOf = (config: AppConfig): AuthSettings =>
  loadAuthSettings({
    ...process.env,
    ...Object.fromEntries(Object.entries(config).map(([name, value]) => [name, String(value)])),
  });
