import type { AppConfig } from './config.js';

/** A setting Stripe needs, missing: `required` names who asked for Stripe. */
export const requiredFor = (selectedBy: string, ...missing: [string, unknown][]): string[] =>
  missing.filter(([, value]) => value === undefined).map(([name]) => `${name}: required when ${selectedBy}`);

/** What production asks of our Stripe account, for every party on it: a live key over https. */
export const stripeProductionProblems = (config: AppConfig): string[] => {
  if (config.APP_ENV !== 'production') return [];
  const key = config.STRIPE_SECRET_KEY;
  return [
    ...(key !== undefined && !/_live_/.test(key)
      ? ['STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production']
      : []),
    ...(!config.STRIPE_API_BASE.startsWith('https://')
      ? ['STRIPE_API_BASE: must be https when APP_ENV=production']
      : []),
  ];
};

/** The SDK's settings for our account (the key is there once `requiredFor` found nothing missing). */
export const stripeClientSettingsOf = (config: AppConfig) => ({
  secretKey: config.STRIPE_SECRET_KEY ?? '',
  apiBase: config.STRIPE_API_BASE,
  timeoutMs: config.STRIPE_TIMEOUT_MS,
  maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
});
