import { concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { encodeAbiParameters, getAddress, isAddress, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  SMART_ACCOUNT_FACTORY,
  SMART_ACCOUNT_INIT_CODE_HASH,
  evmAddressFromPublicKey,
  evmSmartAccountAddress,
  isEvmAddress,
  p256SignerAddress,
  smartAccountSalt,
} from '../../src/addresses/evm.js';
import { keyPairFromRandomBytes } from '../../src/keys/key-pair.js';
import { seedFrom } from '../support/fixtures.js';

const ADMIN = getAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');

/** CREATE2 by hand from the yellow paper's definition, independent of viem's getContractAddress. */
const create2 = (factory: Address, salt: Uint8Array, initCodeHash: Uint8Array): string =>
  getAddress(
    `0x${bytesToHex(keccak_256(concatBytes(Uint8Array.of(0xff), hexToBytes(factory.slice(2)), salt, initCodeHash)).slice(12))}`,
  );

describe('EVM smart wallet address (counterfactual CREATE2)', () => {
  it('is keccak256(0xff ++ factory ++ salt ++ initCodeHash)[12:] with salt = keccak256(abi.encode(admin, seed))', () => {
    const salt = keccak_256(
      hexToBytes(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [ADMIN, 7n]).slice(2)),
    );
    expect(smartAccountSalt(ADMIN, 7n)).toBe(`0x${bytesToHex(salt)}`);
    expect(evmSmartAccountAddress(ADMIN, 7n)).toBe(
      create2(SMART_ACCOUNT_FACTORY, salt, hexToBytes(SMART_ACCOUNT_INIT_CODE_HASH.slice(2))),
    );
  });

  it('is a checksummed 20-byte address, the same every time for the same admin and seed', () => {
    const address = evmSmartAccountAddress(ADMIN, 0n);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(isAddress(address, { strict: true })).toBe(true);
    expect(getAddress(address)).toBe(address);
    expect(evmSmartAccountAddress(ADMIN, 0n)).toBe(address);
    // Pinned: a change to the scheme or its constants would move every smart wallet.
    expect(address).toBe('0x36D20624d440572FE650E5158c1172dD1Aa5C180');
  });

  it('changes with the admin signer and with the creation seed', () => {
    const other = getAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359');
    const addresses = new Set([
      evmSmartAccountAddress(ADMIN, 0n),
      evmSmartAccountAddress(ADMIN, 1n),
      evmSmartAccountAddress(other, 0n),
    ]);
    expect(addresses.size).toBe(3);
  });
});

describe('EVM MPC address (generated secp256k1 key)', () => {
  it('is the address viem computes for the same private key', () => {
    for (const label of ['mpc-1', 'mpc-2', 'mpc-3']) {
      const pair = keyPairFromRandomBytes('secp256k1', seedFrom(label));
      const account = privateKeyToAccount(`0x${bytesToHex(pair.secretKey)}`);
      expect(evmAddressFromPublicKey(pair.publicKey)).toBe(account.address);
    }
  });

  it('accepts the compressed form of the key too', () => {
    const pair = keyPairFromRandomBytes('secp256k1', seedFrom('mpc-1'));
    const compressed = Uint8Array.of(pair.publicKey[64]! % 2 === 0 ? 2 : 3, ...pair.publicKey.slice(1, 33));
    expect(evmAddressFromPublicKey(compressed)).toBe(evmAddressFromPublicKey(pair.publicKey));
  });
});

describe('EVM address validation', () => {
  it('accepts checksummed and single-case addresses and refuses a broken checksum', () => {
    expect(isEvmAddress(ADMIN)).toBe(true);
    expect(isEvmAddress(ADMIN.toLowerCase())).toBe(true);
    expect(isEvmAddress(ADMIN.replace('aAeb', 'AAeb'))).toBe(false);
    expect(isEvmAddress('0x1234')).toBe(false);
  });
});

describe('P-256 signer address', () => {
  it('is keccak256(abi.encode(x, y))[12:], checksummed', () => {
    const key = { x: 3n, y: 5n };
    const expected = getAddress(
      `0x${bytesToHex(keccak_256(hexToBytes(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [3n, 5n]).slice(2))).slice(12))}`,
    );
    expect(p256SignerAddress(key)).toBe(expected);
  });
});
