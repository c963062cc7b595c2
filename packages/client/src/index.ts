export { type PayKitClient, type PayKitClientOptions, createPayKitClient } from './client.js';
export { type ErrorBody, PayKitApiError, expectOk } from './errors.js';
export { type WebhookEvent, type WebhookEventType, WebhookVerificationError, verifyWebhook } from './webhooks.js';
export type { components, operations, paths } from './generated/paykit-api.js';
