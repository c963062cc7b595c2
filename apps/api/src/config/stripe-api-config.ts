import type { AppConfig } from './config.js';

/** How the server reaches Stripe's API, for each party that is Stripe (cards, identity, payouts). */
export interface StripeApiSettings {
  readonly secretKey: string;
  readonly apiBase: string;
  readonly timeoutMs: number;
  readonly maxNetworkRetries: number;
}

/**
 * What is missing or unfit in the Stripe API settings a party named `party` (`KYC_PROVIDER=stripe-identity`)
 * needs: the secret key, and in production a live key over https.
 */
export const stripeApiProblems = (config: AppConfig, party: string): string[] => {
  const production = config.APP_ENV === 'production';
  const key = config.STRIPE_SECRET_KEY;
  return [
    ...(key === undefined ? [`STRIPE_SECRET_KEY: required when ${party}`] : []),
    ...(production && key !== undefined && !/_live_/.test(key)
      ? ['STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production']
      : []),
    ...(production && !config.STRIPE_API_BASE.startsWith('https://')
      ? ['STRIPE_API_BASE: must be https when APP_ENV=production']
      : []),
  ];
};

export const stripeApiSettingsOf = (config: AppConfig, secretKey: string): StripeApiSettings => ({
  secretKey,
  apiBase: config.STRIPE_API_BASE,
  timeoutMs: config.STRIPE_TIMEOUT_MS,
  maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
});
