import { solanaAddressBytes } from '@paykit/wallets';
import { decodeBase58 } from '../../src/wallets/transfers/base58.js';

describe('decodeBase58 (Solana signatures)', () => {
  it('decodes the Bitcoin alphabet, keeping leading zero bytes', () => {
    expect(Buffer.from(decodeBase58('StV1DL6CwTryKyV')!).toString()).toBe('hello world');
    expect([...decodeBase58('1112')!]).toEqual([0, 0, 0, 1]);
    expect([...decodeBase58('11111111111111111111111111111111')!]).toEqual(new Array(32).fill(0));
  });

  it('agrees with @solana/kit on an address', () => {
    const address = 'DQ7T4ft9KRRg8rx1sexwnU6aK5WPCM6g7rDuPfm4uWqu';
    expect(decodeBase58(address)).toEqual(solanaAddressBytes(address as never));
  });

  it('refuses what is not base58', () => {
    for (const text of ['', '0OIl', 'abc+/=', 'x'.repeat(2_049)]) expect(decodeBase58(text)).toBeNull();
  });
});
