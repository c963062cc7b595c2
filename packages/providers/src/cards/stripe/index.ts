export { STRIPE_API_VERSION, createStripeClient, type StripeClientSettings } from './stripe-client.js';
export { StripeCardProcessor, type StripeCardProcessorOptions } from './stripe-card-processor.js';
export { StripeWebhooks, type StripeWebhooksOptions } from './stripe-webhooks.js';
