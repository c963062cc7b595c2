import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock } from '@paykit/kernel';
import { type BlobStore, lazyEncryptionKey, openEventStoreBlobStore } from '@paykit/providers';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../infrastructure/tokens.js';
import { IdentitySecrets } from '../users/secrets/identity-secrets.js';

/** The blob store (`BlobStore`) identity documents are kept in. */
export const DOCUMENT_BLOBS = Symbol('DocumentBlobs');

/** Where an earlier version kept documents as files; moved into the store on start. */
export const documentsDirectory = (config: Pick<AppConfig, 'DATA_DIR'>): string => join(config.DATA_DIR, 'documents');

/**
 * Documents are kept in the app's event store, sealed with AES-256-GCM under a key of their own
 * (derived on first use) and chunked under EventStoreDB's append limit, so every instance reads
 * what any of them stored (docs/adr/0431). Files an earlier version left under DATA_DIR are
 * moved in before the first request.
 */
export const documentBlobsProvider: Provider = {
  provide: DOCUMENT_BLOBS,
  useFactory: (config: AppConfig, store: EventStore, secrets: IdentitySecrets, clock: Clock): Promise<BlobStore> => {
    const key = lazyEncryptionKey(() => secrets.key('documents'));
    return openEventStoreBlobStore(
      {
        store,
        namespace: 'documents',
        clock,
        get encryptionKey() {
          return key();
        },
      },
      config.EVENT_STORE === 'memory' ? undefined : documentsDirectory(config),
    );
  },
  inject: [APP_CONFIG, EVENT_STORE, IdentitySecrets, CLOCK],
};
