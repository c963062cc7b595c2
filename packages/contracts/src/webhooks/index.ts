export * from './event-types.js';
export * from './endpoints.js';
export * from './deliveries.js';
export * from './events.js';
