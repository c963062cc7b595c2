import { cardIssuerSettingsOf } from '../card-issuer-config.js';
import { problemsOf } from '../config.js';
import type { ProductionParty } from './production-party.js';

/** Virtual cards for agent checkouts: Stripe Issuing (docs/adr/0901). */
export const cardIssuingParty: ProductionParty = {
  name: 'card issuing',
  problems: (config) =>
    config.CARD_ISSUER === 'stripe'
      ? problemsOf(() => cardIssuerSettingsOf(config))
      : ['CARD_ISSUER: must be stripe: no real shop accepts the sandbox issuer’s cards'],
  example: {
    CARD_ISSUER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_example',
    STRIPE_ISSUING_WEBHOOK_SECRET: 'whsec_example',
    STRIPE_ISSUING_BILLING_ADDRESS: '{"line1":"1 Main St","city":"San Francisco","postal_code":"94107","country":"US"}',
  },
};
