import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileBlobStore } from '../../src/index.js';
import { KEY, leftOf, OTHER_KEY, rightOf } from '../support.js';
import { blobStoreContract } from './blob-store-contract.js';

const directories: string[] = [];
const freshDirectory = async () => {
  const directory = await mkdtemp(join(tmpdir(), 'paykit-blobs-'));
  directories.push(directory);
  return directory;
};
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

blobStoreContract(
  'FileBlobStore',
  async () => new FileBlobStore({ directory: await freshDirectory(), encryptionKey: KEY }),
);

const PASSPORT = Buffer.from('PASSPORT P<UTOERIKSSON<<ANNA<MARIA 1234567890');

describe('FileBlobStore: encryption at rest', () => {
  it('writes no plaintext, key or user id to disk', async () => {
    const directory = await freshDirectory();
    const store = new FileBlobStore({ directory, encryptionKey: KEY });
    rightOf(await store.put('documents/user-42/id-passport', PASSPORT, 'image/jpeg'));
    const files = await readdir(directory);
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.blob$/)]);
    const onDisk = await readFile(join(directory, files[0] ?? ''));
    expect(onDisk.includes(PASSPORT)).toBe(false);
    expect(onDisk.includes(Buffer.from('ERIKSSON'))).toBe(false);
    expect(onDisk.includes(Buffer.from('image/jpeg'))).toBe(false);
    expect(onDisk.includes(Buffer.from('user-42'))).toBe(false);
  });

  it('reads back across instances with the same key, and refuses another key', async () => {
    const directory = await freshDirectory();
    rightOf(await new FileBlobStore({ directory, encryptionKey: KEY }).put('doc', PASSPORT, 'image/jpeg'));
    expect(rightOf(await new FileBlobStore({ directory, encryptionKey: KEY }).get('doc'))?.bytes).toEqual(
      Uint8Array.from(PASSPORT),
    );
    const error = leftOf(await new FileBlobStore({ directory, encryptionKey: OTHER_KEY }).get('doc'));
    expect(error).toMatchObject({ kind: 'upstream_invalid', code: 'blob_unreadable' });
    expect(error.message).not.toContain('PASSPORT');
  });

  it('does not open a file moved under another key, nor a tampered one', async () => {
    const directory = await freshDirectory();
    const store = new FileBlobStore({ directory, encryptionKey: KEY });
    rightOf(await store.put('documents/a', PASSPORT, 'image/jpeg'));
    const sealed = await readFile(store.pathOf('documents/a'));
    await writeFile(store.pathOf('documents/b'), sealed);
    expect(leftOf(await store.get('documents/b')).code).toBe('blob_unreadable');
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 0xff;
    await writeFile(store.pathOf('documents/a'), sealed);
    expect(leftOf(await store.get('documents/a')).code).toBe('blob_unreadable');
  });
});

describe('FileBlobStore: writes', () => {
  it('leaves no temporary file behind and creates its directory', async () => {
    const directory = join(await freshDirectory(), 'nested', 'documents');
    const store = new FileBlobStore({ directory, encryptionKey: KEY });
    rightOf(await store.put('a', PASSPORT, 'image/jpeg'));
    rightOf(await store.put('a', Buffer.from('second'), 'image/jpeg'));
    expect(await readdir(directory)).toHaveLength(1);
    expect(Buffer.from(rightOf(await store.get('a'))?.bytes ?? []).toString()).toBe('second');
  });

  it('answers unavailable when the directory cannot be written, saying nothing of the content', async () => {
    const parent = await freshDirectory();
    const blocker = join(parent, 'not-a-directory');
    await writeFile(blocker, 'x');
    const store = new FileBlobStore({ directory: blocker, encryptionKey: KEY });
    const error = leftOf(await store.put('a', PASSPORT, 'image/jpeg'));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
    expect(JSON.stringify(error)).not.toContain(parent);
    expect(leftOf(await store.get('a')).kind).toBe('unavailable');
    expect(await readdir(parent)).toEqual(['not-a-directory']);
  });
});
