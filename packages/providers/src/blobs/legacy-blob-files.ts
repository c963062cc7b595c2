import { readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventStore } from '@paykit/event-store';
import { systemClock, type Clock } from '@paykit/kernel';
import {
  blobStreamOfDigest,
  EventStoreBlobStore,
  lastMarker,
  writeSealedBlob,
  type EventStoreBlobStoreOptions,
} from './event-store-blob-store.js';

const BLOB_FILE = /^([0-9a-f]{64})\.blob$/;
const TEMPORARY_FILE = /\.tmp$/;

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Moves the blobs an earlier version kept as files (FileBlobStore: `<sha256 of key>.blob`,
 * sealed the same way) into their streams, once, without opening them: a file whose stream has
 * a marker already is not copied again (an import cut short), each file is removed once its
 * stream holds it, and temporary files of writes that never finished are removed. Answers how
 * many blobs it copied.
 */
export const importBlobFiles = async (options: {
  readonly store: EventStore;
  readonly namespace: string;
  readonly directory: string;
  readonly clock: Clock;
}): Promise<number> => {
  let names: string[];
  try {
    names = await readdir(options.directory);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let copied = 0;
  for (const name of names) {
    const path = join(options.directory, name);
    const digest = BLOB_FILE.exec(name)?.[1];
    if (digest) {
      const stream = blobStreamOfDigest(options.namespace, digest);
      if (!(await lastMarker(options.store, stream))) {
        await writeSealedBlob(options.store, stream, await readFile(path), { occurredAt: options.clock.now() });
        copied++;
      }
    }
    if (digest || TEMPORARY_FILE.test(name)) {
      await unlink(path).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  }
  await rmdir(options.directory).catch(() => undefined);
  return copied;
};

/**
 * An area's blob store in the event store, once the files an earlier version kept for it under
 * `legacyDirectory` are moved in. The options are passed on as they are (the key may be a getter
 * that derives it on first use).
 */
export const openEventStoreBlobStore = async (
  options: EventStoreBlobStoreOptions,
  legacyDirectory?: string,
): Promise<EventStoreBlobStore> => {
  if (legacyDirectory) {
    await importBlobFiles({
      store: options.store,
      namespace: options.namespace,
      directory: legacyDirectory,
      clock: options.clock ?? systemClock,
    });
  }
  return new EventStoreBlobStore(options);
};
