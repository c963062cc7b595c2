import {
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressDecoder,
  getProgramDerivedAddress,
  isAddress,
  isOffCurveAddress,
} from '@solana/kit';
import { keyPairFromRandomBytes } from '../../src/keys/key-pair.js';
import {
  SOLANA_SMART_ACCOUNT_PROGRAM,
  findProgramDerivedAddress,
  isOnEd25519Curve,
  isSolanaAddress,
  solanaAddressFromPublicKey,
  solanaSmartAccountAddress,
} from '../../src/addresses/solana.js';
import { seedFrom } from '../support/fixtures.js';

const ADMIN = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');

describe('Solana MPC address (generated Ed25519 key)', () => {
  it('is the address @solana/kit gives the key pair made from the same bytes', async () => {
    for (const label of ['solana-1', 'solana-2']) {
      const seed = seedFrom(label);
      const ours = solanaAddressFromPublicKey(keyPairFromRandomBytes('ed25519', seed).publicKey);
      const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
      expect(ours).toBe(signer.address);
      expect(isAddress(ours)).toBe(true);
    }
  });
});

describe('Solana smart wallet address (program-derived)', () => {
  it('equals @solana/kit getProgramDerivedAddress for the same program and seeds', async () => {
    const seeds = [new TextEncoder().encode('smart_account'), new Uint8Array(32).fill(9)];
    const [expected, bump] = await getProgramDerivedAddress({ programAddress: SOLANA_SMART_ACCOUNT_PROGRAM, seeds });
    expect(findProgramDerivedAddress(SOLANA_SMART_ACCOUNT_PROGRAM, seeds)).toEqual({ address: expected, bump });
  });

  it('commits to the admin signer and the creation seed, off the curve so no key owns it', async () => {
    const derived = solanaSmartAccountAddress(ADMIN, 0n);
    const adminBytes = new Uint8Array((await import('@solana/kit')).getAddressEncoder().encode(ADMIN));
    const [expected] = await getProgramDerivedAddress({
      programAddress: SOLANA_SMART_ACCOUNT_PROGRAM,
      seeds: ['smart_account', adminBytes, new Uint8Array(32)],
    });
    expect(derived).toBe(expected);
    expect(isAddress(derived)).toBe(true);
    expect(isOffCurveAddress(derived)).toBe(true);
    expect(solanaSmartAccountAddress(ADMIN, 1n)).not.toBe(derived);
    expect(solanaSmartAccountAddress(ADMIN, 0n)).toBe(derived);
  });

  it('has a program id that is a valid address', () => {
    expect(isAddress(SOLANA_SMART_ACCOUNT_PROGRAM)).toBe(true);
  });
});

describe('Solana address validation', () => {
  it('accepts base58 of 32 bytes only', () => {
    expect(isSolanaAddress(ADMIN)).toBe(true);
    expect(isSolanaAddress('0OIl')).toBe(false);
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYt')).toBe(false);
  });
});

describe('the ed25519 curve check that makes an address program-derived', () => {
  /** 32 bytes: y little-endian in the low 255 bits, the sign of x in the top bit. */
  const pointBytes = (y: bigint, signOfX: 0 | 1): Uint8Array => {
    const bytes = new Uint8Array(32);
    for (let index = 0; index < 32; index++) bytes[index] = Number((y >> BigInt(8 * index)) & 0xffn);
    bytes[31] = (bytes[31] ?? 0) | (signOfX << 7);
    return bytes;
  };
  const P = 2n ** 255n - 19n;

  it.each([
    ['the identity (x = 0)', pointBytes(1n, 0)],
    ['x = 0 with its sign bit set', pointBytes(1n, 1)],
    ['the point of order two (y = -1)', pointBytes(P - 1n, 0)],
    ['y = -1 with the sign bit set', pointBytes(P - 1n, 1)],
    ['a non-canonical y (p + 1)', pointBytes(P + 1n, 0)],
    ['y = 2, not on the curve', pointBytes(2n, 0)],
    ['a hash', new TextEncoder().encode('0123456789abcdef0123456789abcdef')],
  ])('agrees with @solana/kit on %s', (_case, bytes) => {
    expect(isOnEd25519Curve(bytes)).toBe(!isOffCurveAddress(getAddressDecoder().decode(bytes)));
  });
});
