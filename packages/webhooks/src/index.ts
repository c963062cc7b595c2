// The events integrators subscribe to, and which source events raise them.
export * from './events/webhook-event-types.js';
export * from './events/message-id.js';
export * from './events/webhook-messages-of.js';
export * from './payload/render-payload.js';

// Standard Webhooks signing.
export * from './signing/endpoint-secret.js';
export * from './signing/sign-message.js';

// Retries with exponential backoff.
export * from './retry/retry-policy.js';

// The WebhookEndpoint aggregate.
export * from './endpoint/events.js';
export * from './endpoint/commands.js';
export * from './endpoint/state.js';
export * from './endpoint/decider.js';

// A WebhookDelivery: one message to one endpoint, its attempts claimed and recorded across instances.
export * from './delivery/events.js';
export * from './delivery/decider.js';
