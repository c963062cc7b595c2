import { problemsOf } from '../config.js';
import { kycProviderSettingsOf } from '../kyc-provider-config.js';
import type { ProductionParty } from './production-party.js';

/** Identity verification of orders over the no-KYC threshold: Stripe Identity (docs/adr/0910). */
export const kycParty: ProductionParty = {
  name: 'kyc',
  problems: (config) =>
    config.KYC_PROVIDER === 'stripe-identity'
      ? problemsOf(() => kycProviderSettingsOf(config))
      : ['KYC_PROVIDER: must be stripe-identity: the sandbox verifies no one for real'],
  example: {
    KYC_PROVIDER: 'stripe-identity',
    STRIPE_SECRET_KEY: 'sk_live_example',
    STRIPE_IDENTITY_PUBLISHABLE_KEY: 'pk_live_example',
    STRIPE_IDENTITY_WEBHOOK_SECRET: 'whsec_example',
  },
};
