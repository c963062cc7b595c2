import type { CardholderBilling } from '@paykit/providers';
import { type AppConfig, BillingAddress, ConfigError } from './config.js';
import { requiredFor, stripeClientSettingsOf, stripeProductionProblems } from './stripe-account-config.js';

/** The card issuer agent checkouts pay with, and what it needs. */
export type CardIssuerSettings =
  | { readonly kind: 'sandbox' }
  | {
      readonly kind: 'stripe';
      readonly secretKey: string;
      readonly apiBase: string;
      readonly timeoutMs: number;
      readonly maxNetworkRetries: number;
      readonly webhookSecret: string;
      readonly billing: CardholderBilling;
    };

/**
 * The card issuer of this configuration (CARD_ISSUER: the sandbox by default in staging, none in
 * production), or the reasons it cannot start (docs/adr/0901): Stripe Issuing needs the account's key, the signing
 * secret of the real-time authorization endpoint and the cardholders' billing address, and in
 * production a live key over https.
 */
export const cardIssuerSettingsOf = (config: AppConfig): CardIssuerSettings => {
  const kind = config.CARD_ISSUER ?? (config.APP_ENV === 'staging' ? 'sandbox' : undefined);
  if (kind === undefined) {
    throw new ConfigError([
      'CARD_ISSUER: no card issuer configured: APP_ENV=production pays agent checkouts with virtual cards from a ' +
        'card issuer; name one (stripe, or sandbox for a demo whose cards no real shop accepts)',
    ]);
  }
  if (kind === 'sandbox') return { kind };
  const { STRIPE_SECRET_KEY: key, STRIPE_ISSUING_WEBHOOK_SECRET: webhookSecret } = config;
  const billing = config.STRIPE_ISSUING_BILLING_ADDRESS;
  const problems = [
    ...requiredFor(
      'CARD_ISSUER=stripe',
      ['STRIPE_SECRET_KEY', key],
      ['STRIPE_ISSUING_WEBHOOK_SECRET', webhookSecret],
      ['STRIPE_ISSUING_BILLING_ADDRESS', billing],
    ),
    ...stripeProductionProblems(config),
  ];
  if (problems.length > 0 || webhookSecret === undefined || billing === undefined) throw new ConfigError(problems);
  return {
    kind: 'stripe',
    ...stripeClientSettingsOf(config),
    webhookSecret,
    billing: BillingAddress.parse(JSON.parse(billing)),
  };
};
