import { type AppConfig, ConfigError } from './config.js';
import { requiredFor, stripeClientSettingsOf, stripeProductionProblems } from './stripe-account-config.js';

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
  const problems = [
    ...requiredFor(
      'CARD_PROCESSOR=stripe',
      ['STRIPE_SECRET_KEY', secretKey],
      ['STRIPE_WEBHOOK_SECRET', webhookSecret],
      ['STRIPE_RETURN_URL', returnUrl],
    ),
    ...stripeProductionProblems(config),
  ];
  if (problems.length > 0 || webhookSecret === undefined || returnUrl === undefined) throw new ConfigError(problems);
  return { kind, ...stripeClientSettingsOf(config), webhookSecret, returnUrl };
};
