export * from './port.js';
export { MemoryEventStore } from './memory/memory-event-store.js';
export { catchUpSubscription, matchesFilter, type CatchUpSource } from './subscriptions/live-subscription.js';
