import { MemoryBlobStore, SandboxFaults } from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';
import { blobStoreContract } from './blob-store-contract.js';

blobStoreContract('MemoryBlobStore', () => new MemoryBlobStore());

describe('MemoryBlobStore', () => {
  it('fails as injected, so upload paths can meet an unavailable store', async () => {
    const faults = new SandboxFaults([{ operation: 'blobs.put', kind: 'unavailable', times: 1 }]);
    const store = new MemoryBlobStore(faults);
    expect(leftOf(await store.put('k', Uint8Array.from([1]), 'image/png')).kind).toBe('unavailable');
    expect(rightOf(await store.get('k'))).toBeNull();
    rightOf(await store.put('k', Uint8Array.from([1]), 'image/png'));
    faults.inject({ operation: 'blobs.*', kind: 'timeout', times: 2 });
    expect(leftOf(await store.get('k')).code).toBe('provider_timeout');
    expect(leftOf(await store.delete('k')).code).toBe('provider_timeout');
  });
});
