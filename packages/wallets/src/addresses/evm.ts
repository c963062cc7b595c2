import {
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  isAddress,
  keccak256,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { bytesToHex } from '@noble/hashes/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * EVM smart wallets are counterfactual: their address is known before the account is deployed.
 *
 *   salt    = keccak256(abi.encode(address adminSigner, uint256 accountIndex))
 *   address = CREATE2(SMART_ACCOUNT_FACTORY, salt, SMART_ACCOUNT_INIT_CODE_HASH)
 *           = keccak256(0xff ++ factory ++ salt ++ initCodeHash)[12:]
 *
 * The factory deploys the same proxy init code for every account and passes the admin signer
 * to its initializer, so the address commits to the admin signer and the account index (see
 * smart-account-index.ts: the wallet's project, owner, alias and creation seed) and to nothing
 * the service could change later. Both constants are fixed for the life of the service: a new
 * factory or proxy means new addresses, so they are versioned (v1) rather than edited.
 * They are the labels' hashes, keccak256("paykit:evm:smart-account-factory:v1")[12:] and
 * keccak256("paykit:evm:smart-account-proxy-init-code:v1"), until a real deployment replaces them.
 */
export const SMART_ACCOUNT_FACTORY: Address = '0x62DCeE1CF828934f3887C517ea0001cF22227A6a';
export const SMART_ACCOUNT_INIT_CODE_HASH: Hex = '0x74e7f5ed7c7406e2d41c63383450e79267955ff779cb1adeb9b10db3537b6cdf';

export const UINT256_MAX = 2n ** 256n - 1n;

/** A 0x-prefixed 20-byte hex address; a mixed-case address must carry a valid EIP-55 checksum. */
export const isEvmAddress = (value: string): value is Address => isAddress(value, { strict: true });

/** The EIP-55 checksummed form, the one every EVM address is stored and shown in. */
export const normalizeEvmAddress = (value: Address): Address => getAddress(value);

export const smartAccountSalt = (adminSigner: Address, accountIndex: bigint): Hex =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [adminSigner, accountIndex]));

export const evmSmartAccountAddress = (adminSigner: Address, accountIndex: bigint): Address =>
  getContractAddress({
    opcode: 'CREATE2',
    from: SMART_ACCOUNT_FACTORY,
    salt: smartAccountSalt(adminSigner, accountIndex),
    bytecodeHash: SMART_ACCOUNT_INIT_CODE_HASH,
  });

/** The Ethereum address of a secp256k1 public key (compressed or uncompressed). */
export const evmAddressFromPublicKey = (publicKey: Uint8Array): Address => {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return publicKeyToAddress(`0x${bytesToHex(uncompressed)}`);
};

/**
 * P-256 signers (passkeys, device keys) have no Ethereum address of their own. They get one
 * the way secp256k1 keys do, from the keccak256 of their coordinates, so every signer can be
 * named and shown by an address: keccak256(abi.encode(uint256 x, uint256 y))[12:].
 */
export const p256SignerAddress = (publicKey: { readonly x: bigint; readonly y: bigint }): Address =>
  getAddress(
    slice(keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [publicKey.x, publicKey.y])), 12),
  );
