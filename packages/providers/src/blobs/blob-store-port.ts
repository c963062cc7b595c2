import * as E from 'fp-ts/lib/Either.js';
import { domainError, invalid, type DomainError } from '@paykit/kernel';

export interface StoredBlob {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/**
 * Where identity documents (and other sensitive bytes) are kept. Contents are never logged.
 * Errors: invalid `invalid_blob_key`, `unavailable` when the store cannot be reached or
 * written, `upstream_invalid` `blob_unreadable` when stored bytes do not decrypt.
 */
export interface BlobStore {
  /** Stores the bytes under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<E.Either<DomainError, void>>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<E.Either<DomainError, StoredBlob | null>>;
  /** True when something was deleted. */
  delete(key: string): Promise<E.Either<DomainError, boolean>>;
}

const MAX_KEY_LENGTH = 512;
const MAX_CONTENT_TYPE_LENGTH = 255;
// Printable ASCII without backslash: keys are path-like (`documents/<user>/<type>`).
const KEY = /^[\x21-\x5b\x5d-\x7e]+$/;

/** The same keys are accepted by every adapter, so tests against one hold for the others. */
export const checkBlobKey = (key: string): E.Either<DomainError, string> =>
  key.length > 0 && key.length <= MAX_KEY_LENGTH && KEY.test(key)
    ? E.right(key)
    : E.left(invalid('invalid_blob_key', `a blob key is 1 to ${MAX_KEY_LENGTH} printable characters without spaces`));

export const checkContentType = (contentType: string): E.Either<DomainError, string> =>
  contentType.length > 0 && contentType.length <= MAX_CONTENT_TYPE_LENGTH && /^[\x20-\x7e]+$/.test(contentType)
    ? E.right(contentType)
    : E.left(invalid('invalid_content_type', 'a content type is printable text'));

/** Stored bytes that do not decrypt with the store's key (another key, or tampered): the same error from every adapter. */
export const blobUnreadable = (): DomainError =>
  domainError('upstream_invalid', 'blob_unreadable', 'A stored document could not be decrypted');
