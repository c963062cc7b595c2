import { type AppConfig, ConfigError } from './config.js';

/** Where this server's token prices come from, and what it needs. */
export type PriceSourceSettings =
  | { readonly kind: 'sandbox' }
  | { readonly kind: 'coinbase'; readonly apiBase: string; readonly maxAgeMs: number; readonly timeoutMs: number };

/**
 * The price source of this configuration, or the reasons it cannot start (ADR 0912): production
 * has no default (the sandbox's fixed market must be asked for by name); Coinbase needs no key,
 * and in production its API over https.
 */
export const priceSourceSettingsOf = (config: AppConfig): PriceSourceSettings => {
  const kind = config.PRICE_SOURCE ?? (config.APP_ENV === 'production' ? undefined : 'sandbox');
  if (kind === undefined) {
    throw new ConfigError([
      'PRICE_SOURCE: required when APP_ENV=production: coinbase (spot prices), or sandbox to quote a fixed market',
    ]);
  }
  if (kind === 'sandbox') return { kind };
  if (config.APP_ENV === 'production' && !config.COINBASE_API_BASE.startsWith('https://')) {
    throw new ConfigError(['COINBASE_API_BASE: must be https when APP_ENV=production']);
  }
  return {
    kind,
    apiBase: config.COINBASE_API_BASE,
    maxAgeMs: config.PRICE_MAX_AGE_MS,
    timeoutMs: config.PRICE_TIMEOUT_MS,
  };
};
