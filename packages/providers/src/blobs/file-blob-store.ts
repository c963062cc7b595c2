import { createHash } from 'node:crypto';
import { mkdir, open as openFile, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds, type DomainError, type IdGenerator } from '@paykit/kernel';
import { open, seal, type EncryptionKey } from '../encryption/aes-gcm.js';
import { providerUnavailable } from '../faults/provider-errors.js';
import { blobUnreadable, checkBlobKey, checkContentType, type BlobStore, type StoredBlob } from './blob-store-port.js';
import { blobContextOf, packBlob, unpackBlob } from './blob-format.js';

export interface FileBlobStoreOptions {
  /** Where the encrypted files live; created (owner-only) on first write. */
  readonly directory: string;
  readonly encryptionKey: EncryptionKey;
  /** Names temporary files; random by default (no sandbox determinism is at stake). */
  readonly ids?: IdGenerator;
}

const unavailable = (action: string): DomainError =>
  providerUnavailable('blobs', `The document store could not ${action}`);

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Blobs as files, encrypted at rest with AES-256-GCM. A file is named by the SHA-256 of its
 * key, so names reveal no user or document type; the key is bound into the encryption, so a
 * file moved under another name does not open. A write goes to a temporary file that is
 * flushed and then renamed over the old one: readers see the old or the new blob, never half.
 * Errors carry no content, path or key material.
 */
export class FileBlobStore implements BlobStore {
  private readonly ids: IdGenerator;

  constructor(private readonly options: FileBlobStoreOptions) {
    this.ids = options.ids ?? randomIds;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<E.Either<DomainError, void>> {
    const checked = E.flatMap(() => checkContentType(contentType))(checkBlobKey(key));
    if (E.isLeft(checked)) return checked;
    const sealed = seal(this.options.encryptionKey, packBlob({ bytes, contentType }), blobContextOf(key));
    const target = this.pathOf(key);
    const temporary = `${target}.${this.ids.uuid()}.tmp`;
    try {
      await mkdir(this.options.directory, { recursive: true, mode: 0o700 });
      const handle = await openFile(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(sealed);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
      await this.syncDirectory();
      return E.right(undefined);
    } catch {
      await rm(temporary, { force: true }).catch(() => undefined);
      return E.left(unavailable('store the document'));
    }
  }

  async get(key: string): Promise<E.Either<DomainError, StoredBlob | null>> {
    const checked = checkBlobKey(key);
    if (E.isLeft(checked)) return checked;
    let sealed: Buffer;
    try {
      sealed = await readFile(this.pathOf(key));
    } catch (error) {
      return isMissing(error) ? E.right(null) : E.left(unavailable('read the document'));
    }
    const plaintext = open(this.options.encryptionKey, sealed, blobContextOf(key));
    const blob = plaintext && unpackBlob(plaintext);
    return blob ? E.right(blob) : E.left(blobUnreadable());
  }

  async delete(key: string): Promise<E.Either<DomainError, boolean>> {
    const checked = checkBlobKey(key);
    if (E.isLeft(checked)) return checked;
    try {
      await unlink(this.pathOf(key));
      return E.right(true);
    } catch (error) {
      return isMissing(error) ? E.right(false) : E.left(unavailable('delete the document'));
    }
  }

  /** Makes the rename itself durable; not every platform can open a directory, so best effort. */
  private async syncDirectory(): Promise<void> {
    const directory = await openFile(this.options.directory, 'r').catch(() => null);
    if (!directory) return;
    await directory.sync().catch(() => undefined);
    await directory.close();
  }

  /** The file a key is kept in (for tests that look at the disk). */
  pathOf(key: string): string {
    return join(this.options.directory, `${createHash('sha256').update(key).digest('hex')}.blob`);
  }
}
