import { type EventStore, createEventStore } from '@paykit/event-store';
import { readModelDatabasePath } from '@paykit/projections';
import type { AppConfig } from '../config/config.js';

type StorageConfig = Pick<AppConfig, 'EVENT_STORE' | 'DATA_DIR'>;

/** The one place that chooses the event-store adapter: EVENT_STORE, under DATA_DIR. */
export const openEventStore = (config: StorageConfig, override?: EventStore): Promise<EventStore> =>
  override
    ? Promise.resolve(override)
    : createEventStore(
        config.EVENT_STORE === 'memory' ? { kind: 'memory' } : { kind: 'sqlite', dataDir: config.DATA_DIR },
      );

/**
 * Read models live next to their store: a file under DATA_DIR beside a durable store, in memory
 * beside a store in memory (they must never outlive, or be ahead of, the events they fold).
 */
export const readModelLocation = (config: StorageConfig, override?: EventStore): string =>
  override || config.EVENT_STORE === 'memory' ? ':memory:' : readModelDatabasePath(config.DATA_DIR);
