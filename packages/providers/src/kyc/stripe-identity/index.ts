export { StripeIdentityKyc, type StripeIdentityKycOptions } from './stripe-identity-kyc.js';
export { StripeIdentityWebhooks, type StripeIdentityWebhooksOptions } from './stripe-identity-webhooks.js';
export { STRIPE_IDENTITY_PROVIDER } from './verification-session.js';
