import { type AppConfig, ConfigError } from './config.js';
import { type StripeApiSettings, stripeApiProblems, stripeApiSettingsOf } from './stripe-api-config.js';

/** The bank payout rail (and its bank-account vault) this server pays offramps out on, and what it needs. */
export type PayoutRailSettings =
  | { readonly kind: 'sandbox' }
  | {
      readonly kind: 'stripe';
      readonly stripe: StripeApiSettings;
      readonly account: string;
      readonly webhookSecret: string;
    };

const PARTY = 'PAYOUT_RAIL=stripe';

/**
 * The payout rail of this configuration, or the reasons it cannot start (ADR 0911): production
 * has no default; Stripe needs its secret key, the connected account paying out and the payout
 * webhooks' secret, and in production a live key over https.
 */
export const payoutRailSettingsOf = (config: AppConfig): PayoutRailSettings => {
  const kind = config.PAYOUT_RAIL ?? (config.APP_ENV === 'production' ? undefined : 'sandbox');
  if (kind === undefined) {
    throw new ConfigError([
      'PAYOUT_RAIL: required when APP_ENV=production: stripe (with STRIPE_SECRET_KEY, STRIPE_PAYOUT_ACCOUNT and ' +
        'STRIPE_PAYOUT_WEBHOOK_SECRET), or sandbox to pay no bank account for real',
    ]);
  }
  if (kind === 'sandbox') return { kind };
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PAYOUT_ACCOUNT: account,
    STRIPE_PAYOUT_WEBHOOK_SECRET: webhookSecret,
  } = config;
  const problems = [
    ...stripeApiProblems(config, PARTY),
    ...(account === undefined ? [`STRIPE_PAYOUT_ACCOUNT: required when ${PARTY}`] : []),
    ...(webhookSecret === undefined ? [`STRIPE_PAYOUT_WEBHOOK_SECRET: required when ${PARTY}`] : []),
  ];
  if (problems.length > 0 || secretKey === undefined || account === undefined || webhookSecret === undefined) {
    throw new ConfigError(problems);
  }
  return { kind, stripe: stripeApiSettingsOf(config, secretKey), account, webhookSecret };
};
