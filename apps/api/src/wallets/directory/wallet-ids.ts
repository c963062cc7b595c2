import { createHash } from 'node:crypto';
import {
  type ChainType,
  type CreateWalletRequest,
  defaultWalletType,
  formatOwner,
  isAlias,
  isChainType,
  isWalletType,
  parseOwner,
  walletIdentityKey,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';

/** One stream per wallet. */
export const walletStream = (walletId: string): string => `wallet-${walletId}`;

/**
 * The claim on an on-chain address: appended at no_stream by the first wallet that takes it, so
 * no two wallets ever share one (addresses are global, so the stream is not per project).
 */
export const walletAddressStream = (chainType: ChainType, address: string): string =>
  `walletaddress-${chainType}-${address}`;

/** A UUID-shaped hash (version 8: custom, name-based) of a label and its parts. */
const nameBasedId = (label: string, ...parts: readonly string[]): string => {
  const bytes = createHash('sha256')
    .update([label, ...parts].join('\n'))
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The id of the wallet an identity key names in a project, so the wallet's own stream is the
 * uniqueness claim (its first append is at no_stream) and a locator finds the wallet with one
 * stream read, without any index.
 */
export const walletIdOfIdentity = (projectId: string, identityKey: string): string =>
  nameBasedId('paykit:wallet-id:v1', projectId, identityKey);

/**
 * The id of the wallet an idempotency key creates when no identity decides it: every retry with
 * the key names the same wallet, so the create can be finished by any of them. `keyScope` is the
 * caller's project and acting subject (ADR 0311): the project alone for a server key acting for no one.
 */
export const walletIdOfKey = (keyScope: string, idempotencyKey: string): string =>
  nameBasedId('paykit:wallet-id-of-key:v1', keyScope, idempotencyKey);

/**
 * The id of a wallet with neither identity nor key: named after its address, so a retry after a
 * crash between the address claim and the wallet finds the claim its own and finishes the create.
 */
export const walletIdOfAddress = (projectId: string, chainType: ChainType, address: string): string =>
  nameBasedId('paykit:wallet-id-of-address:v1', projectId, chainType, address);

/**
 * The identity key a create request claims (owner, chain type, wallet type, alias), with the
 * defaults the decider applies; undefined when it names none or is malformed (the decider then
 * refuses it with the precise reason).
 */
export const identityKeyOfRequest = (request: CreateWalletRequest): string | undefined => {
  const { chainType } = request;
  if (!isChainType(chainType)) return undefined;
  const walletType = request.type ?? defaultWalletType(chainType);
  if (!isWalletType(walletType)) return undefined;
  if (request.alias !== undefined && !isAlias(request.alias)) return undefined;
  let owner: string | undefined;
  if (request.owner !== undefined) {
    const parsed = parseOwner(request.owner);
    if (E.isLeft(parsed)) return undefined;
    owner = formatOwner(parsed.right);
  }
  return walletIdentityKey({
    chainType,
    walletType,
    ...(owner !== undefined && { owner }),
    ...(request.alias !== undefined && { alias: request.alias }),
  });
};
