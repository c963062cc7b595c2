import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { checkBlobKey, checkContentType, type BlobStore, type StoredBlob } from './blob-store-port.js';

/** A blob store in memory, for tests; copies bytes in and out so callers cannot alias them. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, StoredBlob>();

  constructor(private readonly faults: SandboxFaults = new SandboxFaults()) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<E.Either<DomainError, void>> {
    const failure = this.faults.failureOf('blobs', 'put');
    if (failure) return E.left(failure);
    const checked = E.flatMap(() => checkContentType(contentType))(checkBlobKey(key));
    if (E.isLeft(checked)) return checked;
    this.blobs.set(key, { bytes: Uint8Array.from(bytes), contentType });
    return E.right(undefined);
  }

  async get(key: string): Promise<E.Either<DomainError, StoredBlob | null>> {
    const failure = this.faults.failureOf('blobs', 'get');
    if (failure) return E.left(failure);
    const checked = checkBlobKey(key);
    if (E.isLeft(checked)) return checked;
    const blob = this.blobs.get(key);
    return E.right(blob ? { bytes: Uint8Array.from(blob.bytes), contentType: blob.contentType } : null);
  }

  async delete(key: string): Promise<E.Either<DomainError, boolean>> {
    const failure = this.faults.failureOf('blobs', 'delete');
    if (failure) return E.left(failure);
    const checked = checkBlobKey(key);
    if (E.isLeft(checked)) return checked;
    return E.right(this.blobs.delete(key));
  }

  /** What is stored, exactly as kept (for tests that look at the store from outside). */
  raw(key: string): Uint8Array | undefined {
    return this.blobs.get(key)?.bytes;
  }
}
