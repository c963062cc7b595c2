import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { type BlobStore, FileBlobStore, MemoryBlobStore, encryptionKey } from '@paykit/providers';
import type { ReadModelDatabase } from '@paykit/projections';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { DerivedKeys } from './derived-keys.js';
import { AGENT_CHECKOUT_BLOBS, AGENT_CHECKOUT_CURSORS, AGENT_CHECKOUT_KEYS } from './tokens.js';

/**
 * Whether this deployment keeps nothing past the process: the read models are in memory
 * exactly when the event store is (see infrastructure/storage.ts), and so are our blobs.
 */
const isEphemeral = (db: ReadModelDatabase): boolean => db.memory;

const lazyBlobStore = (make: () => BlobStore): BlobStore => {
  let store: BlobStore | null = null;
  const get = () => (store ??= make());
  return {
    put: (key, bytes, contentType) => get().put(key, bytes, contentType),
    get: (key) => get().get(key),
    delete: (key) => get().delete(key),
  };
};

/** The blobs on disk, encrypted with the agent checkouts' key: what the API and separate runners share. */
export const agentCheckoutFileBlobs = (config: AppConfig, keys: DerivedKeys): BlobStore => {
  const key = encryptionKey(keys.key('blobs'));
  if (E.isLeft(key)) throw new Error(key.left.message);
  return new FileBlobStore({ directory: join(config.DATA_DIR, 'agent-checkouts'), encryptionKey: key.right });
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
    useFactory: (config: AppConfig, db: ReadModelDatabase, keys: DerivedKeys): BlobStore => {
      if (isEphemeral(db)) return new MemoryBlobStore();
      // Made on first use: a deployment that never stores a blob never needs the secrets key.
      return lazyBlobStore(() => agentCheckoutFileBlobs(config, keys));
    },
    inject: [APP_CONFIG, READ_MODEL_DATABASE, AGENT_CHECKOUT_KEYS],
  },
];
