import { type EventStore, createEventStore } from '@paykit/event-store';
import { readModelDatabasePath } from '@paykit/projections';
import type { AppConfig } from '../config/config.js';

type StorageConfig = Pick<AppConfig, 'EVENT_STORE' | 'DATA_DIR'> &
  Partial<Pick<AppConfig, 'EVENTSTORE_CONNECTION_STRING'>>;

/** The one place that chooses the event-store adapter: EVENT_STORE, under DATA_DIR (or EVENTSTORE_CONNECTION_STRING). */
export const openEventStore = (config: StorageConfig, override?: EventStore): Promise<EventStore> => {
  if (override) return Promise.resolve(override);
  if (config.EVENT_STORE === 'esdb') {
    if (!config.EVENTSTORE_CONNECTION_STRING) throw new Error('EVENT_STORE=esdb needs EVENTSTORE_CONNECTION_STRING');
    return createEventStore({ kind: 'esdb', connectionString: config.EVENTSTORE_CONNECTION_STRING });
  }
  return createEventStore(
    config.EVENT_STORE === 'memory' ? { kind: 'memory' } : { kind: 'sqlite', dataDir: config.DATA_DIR },
  );
};

/**
 * Read models live next to their store: a file under DATA_DIR beside a durable store, in memory
 * beside a store in memory (they must never outlive, or be ahead of, the events they fold).
 */
export const readModelLocation = (config: StorageConfig, override?: EventStore): string =>
  override || config.EVENT_STORE === 'memory' ? ':memory:' : readModelDatabasePath(config.DATA_DIR);
