import { createHash } from 'node:crypto';
import { type EventStore, EventStoreUnavailableError, type RecordedEvent } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import { systemClock, type Clock, type DomainError } from '@paykit/kernel';
import { open, seal, type EncryptionKey } from '../encryption/aes-gcm.js';
import { providerUnavailable } from '../faults/provider-errors.js';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { sandboxEnvelope, type StateEvent } from '../state/provider-streams.js';
import { blobContextOf, packBlob, unpackBlob } from './blob-format.js';
import { blobUnreadable, checkBlobKey, checkContentType, type BlobStore, type StoredBlob } from './blob-store-port.js';

export const BLOB_STORED = 'BlobStored';
export const BLOB_CHUNK_WRITTEN = 'BlobChunkWritten';
export const BLOB_DELETED = 'BlobDeleted';

/** Sealed bytes per event: well under EventStoreDB's default 1 MiB append once in base64. */
const DEFAULT_CHUNK_BYTES = 512 * 1024;

/** The stream of a key: its SHA-256, as FileBlobStore names its files, so names reveal no user or document. */
export const blobStream = (namespace: string, key: string): string =>
  blobStreamOfDigest(namespace, createHash('sha256').update(key).digest('hex'));

export const blobStreamOfDigest = (namespace: string, digest: string): string => `blob-${namespace}-${digest}`;

export interface EventStoreBlobStoreOptions {
  readonly store: EventStore;
  /** One per area (`documents`, `bank-accounts`, ...): areas with their own keys never share streams. */
  readonly namespace: string;
  readonly encryptionKey: EncryptionKey;
  readonly clock?: Clock;
  /** Sealed bytes per event (default 512 KiB); larger blobs are written in chunks. */
  readonly chunkBytes?: number;
  readonly faults?: SandboxFaults;
}

interface StoredMarker {
  /** The sealed blob in base64, when it fits one event. */
  readonly sealed?: string;
  /** Otherwise the revisions of its chunks, in order (decimal strings: JSON has no bigint). */
  readonly chunks?: readonly string[];
}

const unavailable = (action: string): DomainError =>
  providerUnavailable('blobs', `The document store could not ${action}`);

/**
 * Blobs in the event store, so every instance on one store reads what any of them wrote: a
 * stream per key, each `put` sealed with AES-256-GCM bound to its key (FileBlobStore's format)
 * and recorded by a `BlobStored` event, `delete` by `BlobDeleted`; the last marker wins. A blob
 * larger than one event is written as chunks first and then named by its marker, so a crash
 * mid-write leaves chunks no marker names: never a blob read half-written. Errors carry no
 * content or key. Deleted bytes stay sealed in the log (docs/adr/0431).
 */
export class EventStoreBlobStore implements BlobStore {
  private readonly clock: Clock;
  private readonly chunkBytes: number;
  private readonly faults: SandboxFaults;

  constructor(private readonly options: EventStoreBlobStoreOptions) {
    this.clock = options.clock ?? systemClock;
    this.chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    this.faults = options.faults ?? new SandboxFaults();
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<E.Either<DomainError, void>> {
    const failure = this.faults.failureOf('blobs', 'put');
    if (failure) return E.left(failure);
    const checked = E.flatMap(() => checkContentType(contentType))(checkBlobKey(key));
    if (E.isLeft(checked)) return checked;
    const sealed = seal(this.options.encryptionKey, packBlob({ bytes, contentType }), blobContextOf(key));
    return this.guard('store the document', async () => {
      await writeSealedBlob(this.options.store, this.streamOf(key), sealed, {
        chunkBytes: this.chunkBytes,
        occurredAt: this.clock.now(),
      });
      return E.right(undefined);
    });
  }

  async get(key: string): Promise<E.Either<DomainError, StoredBlob | null>> {
    const failure = this.faults.failureOf('blobs', 'get');
    if (failure) return E.left(failure);
    const checked = checkBlobKey(key);
    if (E.isLeft(checked)) return checked;
    return this.guard('read the document', async () => {
      const stream = this.streamOf(key);
      const marker = await lastMarker(this.options.store, stream);
      if (!marker || marker.type !== BLOB_STORED) return E.right(null);
      const sealed = await this.sealedOf(stream, marker.data as StoredMarker);
      const plaintext = sealed && open(this.options.encryptionKey, sealed, blobContextOf(key));
      const blob = plaintext && unpackBlob(plaintext);
      return blob ? E.right(blob) : E.left(blobUnreadable());
    });
  }

  async delete(key: string): Promise<E.Either<DomainError, boolean>> {
    const failure = this.faults.failureOf('blobs', 'delete');
    if (failure) return E.left(failure);
    const checked = checkBlobKey(key);
    if (E.isLeft(checked)) return checked;
    return this.guard('delete the document', async () => {
      const stream = this.streamOf(key);
      const marker = await lastMarker(this.options.store, stream);
      if (marker?.type !== BLOB_STORED) return E.right(false);
      await this.options.store.appendToStream(stream, [this.envelope({ type: BLOB_DELETED, data: {} })], {
        expectedRevision: 'any',
      });
      return E.right(true);
    });
  }

  private streamOf(key: string): string {
    return blobStream(this.options.namespace, key);
  }

  private envelope(event: StateEvent) {
    return sandboxEnvelope(event, 'blobs', this.clock.now());
  }

  private async sealedOf(stream: string, marker: StoredMarker): Promise<Buffer | null> {
    if (typeof marker.sealed === 'string') return Buffer.from(marker.sealed, 'base64');
    const revisions = (marker.chunks ?? []).map((revision) => BigInt(revision));
    const first = revisions[0];
    const last = revisions.at(-1);
    if (first === undefined || last === undefined) return null;
    const parts = new Map<bigint, string>();
    for await (const event of this.options.store.readStream(stream, {
      fromRevision: first,
      maxCount: Number(last - first) + 1,
    })) {
      if (event.type === BLOB_CHUNK_WRITTEN) parts.set(event.revision, (event.data as { part: string }).part);
    }
    const chunks = revisions.map((revision) => parts.get(revision));
    if (chunks.some((part) => part === undefined)) return null;
    return Buffer.concat(chunks.map((part) => Buffer.from(part as string, 'base64')));
  }

  private async guard<A>(
    action: string,
    work: () => Promise<E.Either<DomainError, A>>,
  ): Promise<E.Either<DomainError, A>> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof EventStoreUnavailableError) return E.left(unavailable(action));
      throw error;
    }
  }
}

/**
 * The last `BlobStored` or `BlobDeleted` of a stream, reading back one event at a time (chunks
 * are large, and the marker is normally the last event) past any chunks a crashed write left.
 */
export const lastMarker = async (store: EventStore, stream: string): Promise<RecordedEvent | undefined> => {
  let from: bigint | undefined;
  for (;;) {
    let seen: RecordedEvent | undefined;
    for await (const event of store.readStream(stream, {
      direction: 'backwards',
      maxCount: 1,
      ...(from !== undefined && { fromRevision: from }),
    })) {
      if (event.type === BLOB_STORED || event.type === BLOB_DELETED) return event;
      seen = event;
    }
    if (!seen || seen.revision === 0n) return undefined;
    from = seen.revision - 1n;
  }
};

/** Appends sealed bytes to a blob's stream: inline when they fit one event, else chunks and then the marker naming them. */
export const writeSealedBlob = async (
  store: EventStore,
  stream: string,
  sealed: Buffer,
  options: { readonly chunkBytes?: number; readonly occurredAt: Date },
): Promise<void> => {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const append = async (event: StateEvent) =>
    (
      await store.appendToStream(stream, [sandboxEnvelope(event, 'blobs', options.occurredAt)], {
        expectedRevision: 'any',
      })
    ).nextExpectedRevision;
  if (sealed.length <= chunkBytes) {
    await append({ type: BLOB_STORED, data: { sealed: sealed.toString('base64') } satisfies StoredMarker });
    return;
  }
  const chunks: string[] = [];
  for (let offset = 0; offset < sealed.length; offset += chunkBytes) {
    const part = sealed.subarray(offset, offset + chunkBytes).toString('base64');
    chunks.push(String(await append({ type: BLOB_CHUNK_WRITTEN, data: { part } })));
  }
  await append({ type: BLOB_STORED, data: { chunks } satisfies StoredMarker });
};
