import { MemoryEventStore } from './memory/memory-event-store.js';
import { EsdbEventStore } from './esdb/esdb-event-store.js';
import type { EventStore } from './port.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

/** Which adapter to run, from configuration. */
export type EventStoreConfig =
  | { readonly kind: 'memory' }
  | {
      readonly kind: 'sqlite';
      /** The directory holding `events.db`; created if missing (the app passes DATA_DIR). */
      readonly dataDir: string;
      /** `full` (default): every acknowledged append survives a power loss. `normal`: a process crash. */
      readonly synchronous?: 'full' | 'normal';
      /** How often subscriptions look for appends made by other processes. Default 100 ms. */
      readonly pollIntervalMs?: number;
    }
  | {
      readonly kind: 'esdb';
      /** EVENTSTORE_CONNECTION_STRING: `esdb://host:2113?tls=false`, `esdb+discover://...` for a cluster. */
      readonly connectionString: string;
      /** The longest one call may take before it fails with EventStoreUnavailableError. Default 10 s. */
      readonly deadlineMs?: number;
    };

/** Async so that adapters which must connect first (EventStoreDB) fit the same call. */
export const createEventStore = async (config: EventStoreConfig): Promise<EventStore> => {
  switch (config.kind) {
    case 'memory':
      return new MemoryEventStore();
    case 'sqlite':
      return new SqliteEventStore({
        dataDir: config.dataDir,
        synchronous: config.synchronous,
        pollIntervalMs: config.pollIntervalMs,
      });
    case 'esdb':
      // Connects lazily: the first call reaches the cluster, and fails with EventStoreUnavailableError if it cannot.
      return new EsdbEventStore({ connectionString: config.connectionString, deadlineMs: config.deadlineMs });
  }
};
