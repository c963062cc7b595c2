import { problemsOf } from '../config.js';
import { payoutRailSettingsOf } from '../payout-rail-config.js';
import type { ProductionParty } from './production-party.js';

/** Bank payouts of offramps, and the bank-account vault: Stripe payouts of a connected account (docs/adr/0911). */
export const payoutsParty: ProductionParty = {
  name: 'payouts',
  problems: (config) =>
    config.PAYOUT_RAIL === 'stripe'
      ? problemsOf(() => payoutRailSettingsOf(config))
      : ['PAYOUT_RAIL: must be stripe: the sandbox pays no bank account for real'],
  example: {
    PAYOUT_RAIL: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_example',
    STRIPE_PAYOUT_ACCOUNT: 'acct_example',
    STRIPE_PAYOUT_WEBHOOK_SECRET: 'whsec_example',
  },
};
