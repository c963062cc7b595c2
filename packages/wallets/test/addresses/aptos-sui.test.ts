import {
  AccountAddress,
  Ed25519PublicKey as AptosEd25519PublicKey,
  Account,
  Ed25519PrivateKey,
} from '@aptos-labs/ts-sdk';
import { Ed25519Keypair, Ed25519PublicKey as SuiEd25519PublicKey } from '@mysten/sui/keypairs/ed25519';
import { isValidSuiAddress, normalizeStructTag, normalizeSuiAddress } from '@mysten/sui/utils';
import { aptosAddressFromPublicKey, isAptosAddress } from '../../src/addresses/aptos.js';
import { normalizeAddress } from '../../src/addresses/by-chain-type.js';
import { isSuiAddress, isSuiCoinType, normalizeSuiCoinType, suiAddressFromPublicKey } from '../../src/addresses/sui.js';
import { keyPairFromRandomBytes } from '../../src/keys/key-pair.js';
import { seedFrom } from '../support/fixtures.js';

const LABELS = ['move-1', 'move-2', 'move-3'];

describe('Aptos address (Ed25519 account)', () => {
  it('is the authentication key the Aptos SDK derives, in long form', () => {
    for (const label of LABELS) {
      const seed = seedFrom(label);
      const { publicKey } = keyPairFromRandomBytes('ed25519', seed);
      const ours = aptosAddressFromPublicKey(publicKey);
      expect(ours).toBe(new AptosEd25519PublicKey(publicKey).authKey().derivedAddress().toString());
      expect(ours).toBe(Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(seed) }).accountAddress.toString());
      expect(AccountAddress.isValid({ input: ours, strict: true }).valid).toBe(true);
      expect(isAptosAddress(ours)).toBe(true);
    }
  });

  it('refuses short and malformed forms', () => {
    expect(isAptosAddress('0x1')).toBe(false);
    expect(isAptosAddress(`0x${'g'.repeat(64)}`)).toBe(false);
  });
});

describe('Sui address (Ed25519 key)', () => {
  it('is the address the Sui SDK derives', () => {
    for (const label of LABELS) {
      const seed = seedFrom(label);
      const { publicKey } = keyPairFromRandomBytes('ed25519', seed);
      const ours = suiAddressFromPublicKey(publicKey);
      expect(ours).toBe(new SuiEd25519PublicKey(publicKey).toSuiAddress());
      expect(ours).toBe(Ed25519Keypair.fromSecretKey(seed).toSuiAddress());
      expect(isValidSuiAddress(ours)).toBe(true);
      expect(isSuiAddress(ours)).toBe(true);
    }
  });

  it('recognises coin types and widens their address', () => {
    expect(isSuiCoinType('0x2::sui::SUI')).toBe(true);
    expect(isSuiCoinType('0x2::sui')).toBe(false);
    expect(normalizeSuiCoinType('0x2::sui::SUI')).toBe(`0x${'0'.repeat(63)}2::sui::SUI`);
  });
});

describe('the stored spelling of Move addresses and coin types', () => {
  const MIXED_CASE = '0xDBA34672E30CB065B1F93E3AB55318768FD6FEF66C15942C9F7CB846E2F900E7';

  it('is the Sui SDK normal form for Sui addresses, and the Aptos SDK long form for Aptos ones', () => {
    expect(normalizeAddress('sui', MIXED_CASE)).toBe(normalizeSuiAddress(MIXED_CASE));
    expect(normalizeAddress('aptos', MIXED_CASE)).toBe(AccountAddress.from(MIXED_CASE).toStringLong());
  });

  it('is the Sui SDK normal form for coin types: the address widened and lowercased, the names kept', () => {
    for (const coinType of [`${MIXED_CASE}::usdc::USDC`, '0x2::sui::SUI', '0xAbC::my_coin::MY_COIN']) {
      expect(normalizeSuiCoinType(coinType)).toBe(normalizeStructTag(coinType));
    }
  });
});
