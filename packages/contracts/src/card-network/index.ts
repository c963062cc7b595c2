export * from './card-network-authorization.js';
export * from './stripe-issuing-webhooks.js';
