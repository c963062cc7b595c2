import { cardProcessorSettingsOf } from '../card-processor-config.js';
import { problemsOf } from '../config.js';
import type { ProductionParty } from './production-party.js';

/** Card payments (onramp): Stripe PaymentIntents (docs/adr/0900). */
export const cardsParty: ProductionParty = {
  name: 'cards',
  problems: (config) =>
    config.CARD_PROCESSOR === 'stripe'
      ? problemsOf(() => cardProcessorSettingsOf(config))
      : ['CARD_PROCESSOR: must be stripe: the sandbox card processor takes no real card'],
  example: {
    CARD_PROCESSOR: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_example',
    STRIPE_WEBHOOK_SECRET: 'whsec_example',
    STRIPE_RETURN_URL: 'https://app.example.com/orders',
  },
};
