import type { BlobStore } from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';

/** What every BlobStore adapter does, run against each of them (one suite, many stores). */
export const blobStoreContract = (name: string, createStore: () => Promise<BlobStore> | BlobStore): void => {
  describe(`${name}: the BlobStore contract`, () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 255]);

    it('gives back the bytes and content type it was given', async () => {
      const store = await createStore();
      rightOf(await store.put('documents/user-1/id-passport', bytes, 'image/png'));
      expect(rightOf(await store.get('documents/user-1/id-passport'))).toEqual({ bytes, contentType: 'image/png' });
    });

    it('answers null for a key never stored', async () => {
      expect(rightOf(await (await createStore()).get('documents/nobody'))).toBeNull();
    });

    it('replaces what a key held', async () => {
      const store = await createStore();
      rightOf(await store.put('k', bytes, 'image/png'));
      rightOf(await store.put('k', Uint8Array.from([9]), 'application/pdf'));
      expect(rightOf(await store.get('k'))).toEqual({ bytes: Uint8Array.from([9]), contentType: 'application/pdf' });
    });

    it('keeps an empty blob and keys apart', async () => {
      const store = await createStore();
      rightOf(await store.put('a', new Uint8Array(), 'text/plain'));
      rightOf(await store.put('b', bytes, 'text/plain'));
      expect(rightOf(await store.get('a'))?.bytes).toEqual(new Uint8Array());
      expect(rightOf(await store.get('b'))?.bytes).toEqual(bytes);
    });

    it('deletes, saying whether there was something', async () => {
      const store = await createStore();
      rightOf(await store.put('k', bytes, 'image/png'));
      expect(rightOf(await store.delete('k'))).toBe(true);
      expect(rightOf(await store.get('k'))).toBeNull();
      expect(rightOf(await store.delete('k'))).toBe(false);
    });

    it('is not changed by the caller changing its bytes afterwards', async () => {
      const store = await createStore();
      const mine = Uint8Array.from([1, 2, 3]);
      rightOf(await store.put('k', mine, 'image/png'));
      mine[0] = 9;
      expect(rightOf(await store.get('k'))?.bytes).toEqual(Uint8Array.from([1, 2, 3]));
    });

    it.each(['', 'has space', 'back\\slash', 'x'.repeat(513)])('refuses the key %p', async (key) => {
      const store = await createStore();
      expect(leftOf(await store.put(key, bytes, 'image/png')).code).toBe('invalid_blob_key');
      expect(leftOf(await store.get(key)).code).toBe('invalid_blob_key');
      expect(leftOf(await store.delete(key)).code).toBe('invalid_blob_key');
    });

    it('refuses an empty content type', async () => {
      expect(leftOf(await (await createStore()).put('k', bytes, '')).code).toBe('invalid_content_type');
    });
  });
};
