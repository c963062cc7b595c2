import { Account, Ed25519PrivateKey } from '@aptos-labs/ts-sdk';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import {
  address,
  createKeyPairFromPrivateKeyBytes,
  getAddressEncoder,
  getAddressFromPublicKey,
  signBytes,
} from '@solana/kit';
import { Keypair } from '@stellar/stellar-sdk';
import { verifyEd25519Signature, type Ed25519ChainType } from '../../src/signatures/ed25519.js';
import { seedFrom } from '../support/fixtures.js';

const MESSAGE = new TextEncoder().encode('approve transaction 42');

interface Signed {
  readonly address: string;
  readonly publicKey?: Uint8Array;
  readonly signature: Uint8Array;
}

/** Each chain's own SDK makes the key from the seed and signs. */
const SIGNERS: Record<Ed25519ChainType, (seed: Uint8Array, message: Uint8Array) => Promise<Signed>> = {
  solana: async (seed, message) => {
    const pair = await createKeyPairFromPrivateKeyBytes(seed);
    return {
      address: await getAddressFromPublicKey(pair.publicKey),
      signature: new Uint8Array(await signBytes(pair.privateKey, message)),
    };
  },
  stellar: async (seed, message) => {
    const pair = Keypair.fromRawEd25519Seed(Buffer.from(seed));
    return { address: pair.publicKey(), signature: new Uint8Array(pair.sign(Buffer.from(message))) };
  },
  aptos: async (seed, message) => {
    const privateKey = new Ed25519PrivateKey(seed);
    const account = Account.fromPrivateKey({ privateKey });
    return {
      address: account.accountAddress.toString(),
      publicKey: privateKey.publicKey().toUint8Array(),
      signature: privateKey.sign(message).toUint8Array(),
    };
  },
  sui: async (seed, message) => {
    const pair = Ed25519Keypair.fromSecretKey(seed);
    return {
      address: pair.toSuiAddress(),
      publicKey: pair.getPublicKey().toRawBytes(),
      signature: await pair.sign(message),
    };
  },
};

const tampered = (bytes: Uint8Array): Uint8Array => {
  const copy = Uint8Array.from(bytes);
  copy[0] = (copy[0] ?? 0) ^ 1;
  return copy;
};

describe.each(Object.keys(SIGNERS) as Ed25519ChainType[])('verifyEd25519Signature on %s', (chainType) => {
  it('accepts a signature made with the chain SDK and refuses tampered ones', async () => {
    const signed = await SIGNERS[chainType](seedFrom(`ed25519-${chainType}`), MESSAGE);
    const base = { chainType, address: signed.address, ...(signed.publicKey ? { publicKey: signed.publicKey } : {}) };
    expect(verifyEd25519Signature({ ...base, message: MESSAGE, signature: signed.signature })).toBe(true);
    expect(verifyEd25519Signature({ ...base, message: tampered(MESSAGE), signature: signed.signature })).toBe(false);
    expect(verifyEd25519Signature({ ...base, message: MESSAGE, signature: tampered(signed.signature) })).toBe(false);
  });

  it('refuses a valid signature presented for another address', async () => {
    const signed = await SIGNERS[chainType](seedFrom(`ed25519-${chainType}`), MESSAGE);
    const otherSigner = await SIGNERS[chainType](seedFrom(`other-${chainType}`), MESSAGE);
    expect(
      verifyEd25519Signature({
        chainType,
        address: otherSigner.address,
        ...(signed.publicKey ? { publicKey: signed.publicKey } : {}),
        message: MESSAGE,
        signature: signed.signature,
      }),
    ).toBe(false);
  });
});

describe('verifyEd25519Signature key rules', () => {
  it('needs the public key for Aptos and Sui, whose addresses are hashes of it', async () => {
    const signed = await SIGNERS.sui(seedFrom('ed25519-sui'), MESSAGE);
    expect(
      verifyEd25519Signature({
        chainType: 'sui',
        address: signed.address,
        message: MESSAGE,
        signature: signed.signature,
      }),
    ).toBe(false);
  });

  it('verifies text messages as their UTF-8 bytes', async () => {
    const signed = await SIGNERS.stellar(seedFrom('text'), MESSAGE);
    expect(
      verifyEd25519Signature({
        chainType: 'stellar',
        address: signed.address,
        message: 'approve transaction 42',
        signature: signed.signature,
      }),
    ).toBe(true);
  });

  it('refuses, without throwing, a signature that is not 64 bytes', async () => {
    const signed = await SIGNERS.stellar(seedFrom('ed25519-stellar'), MESSAGE);
    const extended = Uint8Array.of(...signed.signature, 0);
    for (const signature of [signed.signature.slice(0, 63), extended]) {
      expect(
        verifyEd25519Signature({ chainType: 'stellar', address: signed.address, message: MESSAGE, signature }),
      ).toBe(false);
    }
  });

  it('refuses, without throwing, a public key that is not 32 bytes', async () => {
    const signed = await SIGNERS.solana(seedFrom('ed25519-solana'), MESSAGE);
    const key = Uint8Array.from(getAddressEncoder().encode(address(signed.address)));
    for (const publicKey of [key.slice(0, 31), Uint8Array.of(...key, 0)]) {
      expect(
        verifyEd25519Signature({
          chainType: 'solana',
          address: signed.address,
          publicKey,
          message: MESSAGE,
          signature: signed.signature,
        }),
      ).toBe(false);
    }
  });
});
