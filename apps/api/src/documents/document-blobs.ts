import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { type BlobStore, FileBlobStore, MemoryBlobStore, type StoredBlob } from '@paykit/providers';
import type { DomainError } from '@paykit/kernel';
import type * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { IdentitySecrets } from '../users/secrets/identity-secrets.js';

/** The blob store (`BlobStore`) identity documents are kept in. */
export const DOCUMENT_BLOBS = Symbol('DocumentBlobs');

/** Files under DATA_DIR/documents, AES-256-GCM with a key of their own; opened on first use. */
class LazyFileBlobStore implements BlobStore {
  private store: FileBlobStore | null = null;

  constructor(private readonly open: () => FileBlobStore) {}

  put(key: string, bytes: Uint8Array, contentType: string): Promise<E.Either<DomainError, void>> {
    return this.opened().put(key, bytes, contentType);
  }
  get(key: string): Promise<E.Either<DomainError, StoredBlob | null>> {
    return this.opened().get(key);
  }
  delete(key: string): Promise<E.Either<DomainError, boolean>> {
    return this.opened().delete(key);
  }
  private opened(): FileBlobStore {
    this.store ??= this.open();
    return this.store;
  }
}

export const documentsDirectory = (config: Pick<AppConfig, 'DATA_DIR'>): string => join(config.DATA_DIR, 'documents');

/**
 * Documents are kept on disk under DATA_DIR, encrypted at rest. Beside a store in memory they
 * stay in memory too: nothing of a deployment that forgets its events should outlive it.
 */
export const documentBlobsProvider: Provider = {
  provide: DOCUMENT_BLOBS,
  useFactory: (config: AppConfig, secrets: IdentitySecrets): BlobStore =>
    config.EVENT_STORE === 'memory'
      ? new MemoryBlobStore()
      : new LazyFileBlobStore(
          () => new FileBlobStore({ directory: documentsDirectory(config), encryptionKey: secrets.encryptionKey('documents') }),
        ),
  inject: [APP_CONFIG, IdentitySecrets],
};
