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
 * The card issuer of this configuration (CARD_ISSUER; production named one, config.ts), or the
 * reasons it cannot start (docs/adr/0901): Stripe Issuing needs the account's key, the signing
 * secret of the real-time authorization endpoint and the cardholders' billing address, and in
 * production a live key over https.
 */
export const cardIssuerSettingsOf = (config: AppConfig): CardIssuerSettings => {
  if (config.CARD_ISSUER === 'sandbox') return { kind: 'sandbox' };
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
