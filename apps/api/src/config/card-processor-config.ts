import { type AppConfig, ConfigError } from './config.js';

/** The card processor this server charges with, and what it needs. */
export type CardProcessorSettings =
  | { readonly kind: 'sandbox' }
  | {
      readonly kind: 'stripe';
      readonly secretKey: string;
      readonly webhookSecret: string;
      readonly apiBase: string;
      readonly returnUrl: string;
      readonly timeoutMs: number;
      readonly maxNetworkRetries: number;
    };

/**
 * The card processor of this configuration, or the reasons it cannot start (ADR 0900): production
 * has no default processor (a sandbox there must be asked for by name), Stripe needs its key, its
 * webhook secret and a return URL, and in production a live key over https.
 */
export const cardProcessorSettingsOf = (config: AppConfig): CardProcessorSettings => {
  const kind = config.CARD_PROCESSOR ?? (config.APP_ENV === 'production' ? undefined : 'sandbox');
  if (kind === undefined) {
    throw new ConfigError([
      'CARD_PROCESSOR: required when APP_ENV=production: stripe (with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_RETURN_URL), or sandbox to take no real card payments',
    ]);
  }
  if (kind === 'sandbox') return { kind };
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_RETURN_URL: returnUrl } = config;
  const production = config.APP_ENV === 'production';
  const problems = [
    ...(secretKey === undefined ? ['STRIPE_SECRET_KEY: required when CARD_PROCESSOR=stripe'] : []),
    ...(webhookSecret === undefined ? ['STRIPE_WEBHOOK_SECRET: required when CARD_PROCESSOR=stripe'] : []),
    ...(returnUrl === undefined ? ['STRIPE_RETURN_URL: required when CARD_PROCESSOR=stripe'] : []),
    ...(production && secretKey !== undefined && !/_live_/.test(secretKey)
      ? ['STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production']
      : []),
    ...(production && !config.STRIPE_API_BASE.startsWith('https://')
      ? ['STRIPE_API_BASE: must be https when APP_ENV=production']
      : []),
  ];
  if (problems.length > 0 || secretKey === undefined || webhookSecret === undefined || returnUrl === undefined) {
    throw new ConfigError(problems);
  }
  return {
    kind,
    secretKey,
    webhookSecret,
    apiBase: config.STRIPE_API_BASE,
    returnUrl,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
  };
};
