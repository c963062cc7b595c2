export * from './port.js';
export { createEventStore, type EventStoreConfig } from './create-event-store.js';
export { MemoryEventStore } from './memory/memory-event-store.js';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite/sqlite-event-store.js';
export { EVENTS_FILE_NAME } from './sqlite/database.js';
export { catchUpSubscription, matchesFilter, type CatchUpSource } from './subscriptions/live-subscription.js';
export {
  handleCommand,
  type CommandHandlingOptions,
  type CommandHandlingResult,
} from './command-handling/handle-command.js';
export { ForwardingEventStore } from './decorators/forwarding-event-store.js';
export * from './esdb/index.js';
