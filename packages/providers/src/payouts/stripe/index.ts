export { StripeBankAccountVault, type StripeBankAccountVaultOptions } from './stripe-bank-account-vault.js';
export { StripePayoutRail, type StripePayoutRailOptions } from './stripe-payout-rail.js';
export { StripePayoutWebhooks } from './stripe-payout-webhooks.js';
