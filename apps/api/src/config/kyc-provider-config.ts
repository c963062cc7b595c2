import { type AppConfig, ConfigError } from './config.js';
import { type StripeApiSettings, stripeApiProblems, stripeApiSettingsOf } from './stripe-api-config.js';

/** The identity-check provider this server opens KYC checks with, and what it needs. */
export type KycProviderSettings =
  | { readonly kind: 'sandbox' }
  | {
      readonly kind: 'stripe-identity';
      readonly stripe: StripeApiSettings;
      readonly publishableKey: string;
      readonly webhookSecret: string;
    };

const PARTY = 'KYC_PROVIDER=stripe-identity';

/**
 * The KYC provider of this configuration, or the reasons it cannot start (ADR 0910): production
 * has no default (a sandbox there must be asked for by name); Stripe Identity needs Stripe's
 * secret key, its publishable key and its webhook secret, and in production live keys over https.
 */
export const kycProviderSettingsOf = (config: AppConfig): KycProviderSettings => {
  const kind = config.KYC_PROVIDER ?? (config.APP_ENV === 'production' ? undefined : 'sandbox');
  if (kind === undefined) {
    throw new ConfigError([
      'KYC_PROVIDER: required when APP_ENV=production: stripe-identity (with STRIPE_SECRET_KEY, ' +
        'STRIPE_IDENTITY_PUBLISHABLE_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET), or sandbox to verify no one for real',
    ]);
  }
  if (kind === 'sandbox') return { kind };
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_IDENTITY_PUBLISHABLE_KEY: publishableKey,
    STRIPE_IDENTITY_WEBHOOK_SECRET: webhookSecret,
  } = config;
  const problems = [
    ...stripeApiProblems(config, PARTY),
    ...(publishableKey === undefined ? [`STRIPE_IDENTITY_PUBLISHABLE_KEY: required when ${PARTY}`] : []),
    ...(webhookSecret === undefined ? [`STRIPE_IDENTITY_WEBHOOK_SECRET: required when ${PARTY}`] : []),
    ...(config.APP_ENV === 'production' && publishableKey !== undefined && !publishableKey.startsWith('pk_live_')
      ? ['STRIPE_IDENTITY_PUBLISHABLE_KEY: must be a live key (pk_live_...) when APP_ENV=production']
      : []),
  ];
  if (problems.length > 0 || secretKey === undefined || publishableKey === undefined || webhookSecret === undefined) {
    throw new ConfigError(problems);
  }
  return { kind, stripe: stripeApiSettingsOf(config, secretKey), publishableKey, webhookSecret };
};
