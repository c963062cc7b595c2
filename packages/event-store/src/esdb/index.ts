export { EsdbEventStore, type EsdbEventStoreOptions } from './esdb-event-store.js';
export {
  supportsCompetingConsumers,
  type CompetingConsumer,
  type CompetingConsumerOptions,
  type CompetingConsumers,
  type Delivery,
} from './competing-consumers.js';
export {
  migrateStore,
  MIGRATION_CHECKPOINT_STREAM,
  type MigrateStoreOptions,
  type MigrationProgress,
} from './migrate-store.js';
