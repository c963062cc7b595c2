export * from './order-resource.js';
export * from './create-order.js';
export * from './process-payment.js';
export * from './card-tokens.js';
export * from './card-webhooks.js';
export * from './list-orders.js';
export * from './list-orders.js';
