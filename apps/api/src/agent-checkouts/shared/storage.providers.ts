import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, systemClock } from '@paykit/kernel';
import { type BlobStore, EventStoreBlobStore, importBlobFiles, lazyEncryptionKey } from '@paykit/providers';
import type { AppConfig } from '../../config/config.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { DerivedKeys } from './derived-keys.js';
import { AGENT_CHECKOUT_BLOBS, AGENT_CHECKOUT_CURSORS, AGENT_CHECKOUT_KEYS } from './tokens.js';

const NAMESPACE = 'agent-checkouts';

/**
 * The agent checkouts' blobs (saved browser profiles, screenshots, protected answers) in the
 * event store, sealed with their key (derived on first use): what the API and separate runners
 * share, on SQLite as on EventStoreDB (docs/adr/0431).
 */
export const agentCheckoutBlobs = (store: EventStore, keys: DerivedKeys, clock: Clock = systemClock): BlobStore => {
  const key = lazyEncryptionKey(() => keys.key('blobs'));
  return new EventStoreBlobStore({
    store,
    namespace: NAMESPACE,
    clock,
    get encryptionKey() {
      return key();
    },
  });
};

/** Moves in the blob files an earlier version kept under DATA_DIR/agent-checkouts (nothing beside a store in memory). */
export const importAgentCheckoutBlobFiles = async (
  config: AppConfig,
  store: EventStore,
  clock: Clock = systemClock,
): Promise<void> => {
  if (config.EVENT_STORE === 'memory') return;
  await importBlobFiles({ store, namespace: NAMESPACE, directory: join(config.DATA_DIR, 'agent-checkouts'), clock });
};

export const storageProviders: Provider[] = [
  {
    provide: AGENT_CHECKOUT_KEYS,
    useFactory: (secrets: AppSecrets) => new DerivedKeys(secrets),
    inject: [AppSecrets],
  },
  {
    provide: AGENT_CHECKOUT_CURSORS,
    useFactory: (keys: DerivedKeys) => new SignedCursors(() => keys.key('cursors')),
    inject: [AGENT_CHECKOUT_KEYS],
  },
  {
    provide: AGENT_CHECKOUT_BLOBS,
    useFactory: async (config: AppConfig, store: EventStore, keys: DerivedKeys, clock: Clock): Promise<BlobStore> => {
      await importAgentCheckoutBlobFiles(config, store, clock);
      return agentCheckoutBlobs(store, keys, clock);
    },
    inject: [APP_CONFIG, EVENT_STORE, AGENT_CHECKOUT_KEYS, CLOCK],
  },
];
