import {
  type Address,
  type Hex,
  type TypedDataDefinition,
  encodeAbiParameters,
  hashMessage,
  hashTypedData,
  keccak256,
  stringToHex,
} from 'viem';

/**
 * What an EVM smart account's signers sign for it (ERC-1271): not the digest a verifier asks
 * about, but that digest wrapped for one account on one chain, so a signer's approval for one
 * wallet cannot be replayed as another wallet's signature (the replay-safe hash of Coinbase's
 * smart wallet and ERC-7739, in our own domain). The account's `isValidSignature(hash, sig)`
 * accepts `sig` when it is a signer's EIP-191 signature of this value.
 */
export const SMART_ACCOUNT_SIGNING_DOMAIN = { name: 'PaykitSmartAccount', version: '1' } as const;

export const smartAccountMessageHash = (account: Address, chainId: number, digest: Hex): Hex =>
  hashTypedData({
    domain: { ...SMART_ACCOUNT_SIGNING_DOMAIN, chainId, verifyingContract: account },
    types: { PaykitSmartAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'PaykitSmartAccountMessage',
    message: { hash: digest },
  });

export type SignatureRequestParams =
  | { readonly type: 'message'; readonly message: string }
  | { readonly type: 'typed-data'; readonly typedData: TypedDataDefinition };

/**
 * The digest a verifier checks a wallet's signature against: EIP-191 of the message (viem's
 * `verifyMessage`), or EIP-712 of the typed data (`verifyTypedData`). Throws on typed data that
 * does not encode (unknown types, values that do not fit them).
 */
export const signatureDigestOf = (params: SignatureRequestParams): Hex =>
  params.type === 'message' ? hashMessage(params.message) : hashTypedData(params.typedData);

/**
 * What a wallet's admin approves to add a delegated signer: the signer's locator, its grant
 * (scopes and expiry, as canonical JSON) and its generation (how many times it was removed, ADR
 * 0449), for one wallet. The generation makes each registration its own message: an approval of
 * an earlier one, which anyone with the API key can read, cannot re-add a removed signer (v1
 * lacked it, ADR 0455). Wrapped like any smart-account message.
 */
export const delegatedSignerDigest = (
  wallet: Address,
  locator: string,
  grant: { readonly scopes: unknown; readonly expiresAt?: string },
  generation: number,
): Hex =>
  keccak256(
    encodeAbiParameters(
      [{ type: 'string' }, { type: 'address' }, { type: 'string' }, { type: 'uint256' }, { type: 'bytes32' }],
      [
        'paykit:add-delegated-signer:v2',
        wallet,
        locator,
        BigInt(generation),
        keccak256(stringToHex(JSON.stringify({ scopes: grant.scopes, expiresAt: grant.expiresAt ?? null }))),
      ],
    ),
  );
