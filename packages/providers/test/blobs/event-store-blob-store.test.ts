import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createEventStore, type EventStore, MemoryEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { EventStoreBlobStore, FileBlobStore, blobStream, importBlobFiles } from '../../src/index.js';
import { clockAt, KEY, leftOf, OTHER_KEY, rightOf } from '../support.js';
import { eventsOf, KilledAfter, makeDataDir } from '../state-support.js';
import { blobStoreContract } from './blob-store-contract.js';

const blobs = (store: EventStore, options: { chunkBytes?: number; key?: typeof KEY } = {}) =>
  new EventStoreBlobStore({
    store,
    namespace: 'documents',
    encryptionKey: options.key ?? KEY,
    clock: clockAt(),
    ...options,
  });

blobStoreContract('EventStoreBlobStore (memory store)', () => blobs(new MemoryEventStore()));
blobStoreContract('EventStoreBlobStore (chunks of 3 bytes)', () => blobs(new MemoryEventStore(), { chunkBytes: 3 }));

const PASSPORT = Buffer.from('PASSPORT P<UTOERIKSSON<<ANNA<MARIA 1234567890');
const large = (size: number) => {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 7) % 251;
  return bytes;
};

describe('EventStoreBlobStore: sealed in the store', () => {
  it('writes no plaintext, content type or key into events, and names streams by the key’s hash', async () => {
    const store = new MemoryEventStore();
    rightOf(await blobs(store).put('documents/user-42/id-passport', PASSPORT, 'image/jpeg'));
    const texts: string[] = [];
    for await (const event of store.readAll()) texts.push(`${event.streamName} ${JSON.stringify(event.data)}`);
    expect(texts).toEqual([expect.stringMatching(/^blob-documents-[0-9a-f]{64} /)]);
    for (const secret of [
      'PASSPORT',
      'ERIKSSON',
      Buffer.from('ERIKSSON').toString('base64'),
      'image/jpeg',
      'user-42',
    ]) {
      expect(texts.join('\n')).not.toContain(secret);
    }
  });

  it('does not open with another key', async () => {
    const store = new MemoryEventStore();
    rightOf(await blobs(store).put('doc', PASSPORT, 'image/jpeg'));
    expect(leftOf(await blobs(store, { key: OTHER_KEY }).get('doc'))).toMatchObject({
      kind: 'upstream_invalid',
      code: 'blob_unreadable',
    });
  });

  it('writes a large blob in chunks and reads it back whole', async () => {
    const store = new MemoryEventStore();
    const bytes = large(10_000);
    rightOf(await blobs(store, { chunkBytes: 1_024 }).put('big', bytes, 'application/pdf'));
    expect(rightOf(await blobs(store).get('big'))).toEqual({ bytes, contentType: 'application/pdf' });
    const recorded = await eventsOf(store, blobStream('documents', 'big'));
    expect(recorded.map((event) => event.type)).toEqual([...Array<string>(10).fill('BlobChunkWritten'), 'BlobStored']);
  });

  it('keeps the blob it had when a chunked write is cut off before its marker', async () => {
    const store = new MemoryEventStore();
    rightOf(await blobs(store).put('doc', PASSPORT, 'image/jpeg'));
    // A crashed write of a larger version: its first chunks, and no marker naming them.
    const failing = new KilledAfter(store, 2);
    await expect(blobs(failing, { chunkBytes: 100 }).put('doc', large(1_000), 'application/pdf')).rejects.toThrow(
      'killed',
    );
    expect((await eventsOf(store, blobStream('documents', 'doc'))).map((event) => event.type)).toEqual([
      'BlobStored',
      'BlobChunkWritten',
      'BlobChunkWritten',
    ]);
    expect(rightOf(await blobs(store).get('doc'))?.bytes).toEqual(Uint8Array.from(PASSPORT));
    expect(rightOf(await blobs(store).delete('doc'))).toBe(true);
    expect(rightOf(await blobs(store).get('doc'))).toBeNull();
  });

  it('answers unavailable when its store is closed, saying nothing of the content', async () => {
    const store = new MemoryEventStore();
    await store.close();
    const error = leftOf(await blobs(store).put('doc', PASSPORT, 'image/jpeg'));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
    expect(JSON.stringify(error)).not.toContain('PASSPORT');
    expect(leftOf(await blobs(store).get('doc')).kind).toBe('unavailable');
  });
});

describe('EventStoreBlobStore: restarts and instances', () => {
  it('reads after the store is closed and opened again what was written before', async () => {
    const dir = await makeDataDir('blobs-restart');
    try {
      const before = dir.open();
      rightOf(await blobs(before, { chunkBytes: 4_096 }).put('documents/p/d', large(20_000), 'image/png'));
      rightOf(await blobs(before).put('documents/p/gone', PASSPORT, 'image/png'));
      rightOf(await blobs(before).delete('documents/p/gone'));
      await before.close();
      const after = dir.open();
      expect(rightOf(await blobs(after).get('documents/p/d'))).toEqual({
        bytes: large(20_000),
        contentType: 'image/png',
      });
      expect(rightOf(await blobs(after).get('documents/p/gone'))).toBeNull();
      await after.close();
    } finally {
      await dir.remove();
    }
  });

  describe('on EventStoreDB (the test server, its default 1 MiB append limit)', () => {
    let server: EsdbTestServer;
    const clients: EventStore[] = [];
    beforeAll(async () => {
      server = await startEsdbTestServer({ maxAppendSize: 1024 * 1024 });
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await server.close();
    });
    const connect = async () => {
      const client = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
      clients.push(client);
      return client;
    };

    it('reads on one instance a 3 MiB document another instance wrote', async () => {
      const bytes = large(3 * 1024 * 1024);
      rightOf(await blobs(await connect()).put('documents/p/passport', bytes, 'application/pdf'));
      const read = rightOf(await blobs(await connect()).get('documents/p/passport'));
      // Compared as buffers: jest's deep equality walks 3 million elements one by one.
      expect(read?.contentType).toBe('application/pdf');
      expect(Buffer.from(read?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    });
  });
});

describe('importBlobFiles: the files of an earlier version', () => {
  it('moves FileBlobStore files into their streams without opening them, once, and removes them', async () => {
    const dir = await makeDataDir('blob-files');
    try {
      const directory = join(dir.path, 'documents');
      const files = new FileBlobStore({ directory, encryptionKey: KEY });
      rightOf(await files.put('documents/p/a', PASSPORT, 'image/jpeg'));
      rightOf(await files.put('documents/p/b', large(5_000), 'application/pdf'));
      await writeFile(join(directory, `${'0'.repeat(64)}.blob.1234.tmp`), 'half a write');
      const store = new MemoryEventStore();
      // The import of an earlier start stopped after copying `a` (its file is still there).
      expect(
        await importBlobFiles({
          store: new MemoryEventStore(),
          namespace: 'documents',
          directory: join(dir.path, 'none'),
          clock: clockAt(),
        }),
      ).toBe(0);
      rightOf(await blobs(store).put('documents/p/a', PASSPORT, 'image/jpeg'));

      expect(await importBlobFiles({ store, namespace: 'documents', directory, clock: clockAt() })).toBe(1);
      expect(existsSync(directory)).toBe(false);
      expect(rightOf(await blobs(store, { chunkBytes: 1_000 }).get('documents/p/b'))).toEqual({
        bytes: large(5_000),
        contentType: 'application/pdf',
      });
      expect(rightOf(await blobs(store).get('documents/p/a'))?.bytes).toEqual(Uint8Array.from(PASSPORT));
      expect(await eventsOf(store, blobStream('documents', 'documents/p/a'))).toHaveLength(1);

      await mkdir(directory);
      expect(await readdir(directory)).toEqual([]);
      expect(await importBlobFiles({ store, namespace: 'documents', directory, clock: clockAt() })).toBe(0);
    } finally {
      await dir.remove();
    }
  });
});
