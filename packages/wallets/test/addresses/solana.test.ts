import {
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  getProgramDerivedAddress,
  isAddress,
  isOffCurveAddress,
} from '@solana/kit';
import { keyPairFromRandomBytes } from '../../src/keys/key-pair.js';
import {
  SOLANA_SMART_ACCOUNT_PROGRAM,
  findProgramDerivedAddress,
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
