import * as E from 'fp-ts/lib/Either.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { domainError, type DomainError } from '@paykit/kernel';
import { defaultWalletType, isChainType, isWalletType, type ChainType, type WalletType } from '../chains/chain-type.js';
import { addressFromPublicKey, keyCurveOf, type KeyCurve } from '../addresses/by-chain-type.js';
import type { CustodialKey } from '../keys/custodial-key.js';
import { isValidPublicKey } from '../keys/key-pair.js';
import { splitSignerLocator } from '../locators/signer-locator.js';
import type { CustodialKeys } from './commands.js';
import type { CreateWalletRequest, DelegatedSignerInput, SignerInput } from './types.js';

/** Holder id of a wallet's own key. */
export const WALLET_KEY = 'wallet';

/** A key the handler must generate (and seal) before sending the command. */
export interface KeyRequest {
  readonly holder: string;
  readonly curve: KeyCurve;
}

/**
 * Wallets whose address is a key the service holds: every MPC wallet, and Stellar wallets
 * (a Stellar account is an Ed25519 key; its admin signer is added to it as an account signer).
 */
export const holdsWalletKey = (chainType: ChainType, walletType: WalletType): boolean =>
  walletType === 'mpc' || chainType === 'stellar';

/** Signers whose key the service holds: api-key, email and phone. Tolerant of malformed input. */
export const custodialHolderOf = (signer: SignerInput | undefined): string | undefined => {
  const parsed = typeof signer === 'string' ? splitSignerLocator(signer) : undefined;
  const type = typeof signer === 'string' ? parsed?.type : signer?.type;
  const value = typeof signer === 'string' ? parsed?.id : type === 'email' ? signer?.email : signer?.phone;
  if (type === 'api-key') return 'api-key';
  if (type === 'email' && typeof value === 'string') return `email:${value.toLowerCase()}`;
  if (type === 'phone' && typeof value === 'string') return `phone:${value}`;
  return undefined;
};

const requestsFor = (chainType: ChainType, holders: readonly (string | undefined)[]): KeyRequest[] =>
  [...new Set(holders.filter((holder): holder is string => holder !== undefined))].map((holder) => ({
    holder,
    curve: keyCurveOf(chainType),
  }));

/**
 * The keys a create-wallet command needs. Malformed requests get a best effort answer: decide()
 * reports what is wrong with them, and a missing key only when the request is otherwise valid.
 */
export const custodialKeysNeeded = (request: CreateWalletRequest): KeyRequest[] => {
  if (!isChainType(request.chainType)) return [];
  const walletType = request.type ?? defaultWalletType(request.chainType);
  if (!isWalletType(walletType)) return [];
  return requestsFor(request.chainType, [
    holdsWalletKey(request.chainType, walletType) ? WALLET_KEY : undefined,
    custodialHolderOf(request.config?.adminSigner),
    ...(request.config?.delegatedSigners ?? []).map((delegated) => custodialHolderOf(delegated?.signer)),
  ]);
};

export const custodialKeysNeededForSigner = (chainType: ChainType, request: DelegatedSignerInput): KeyRequest[] =>
  requestsFor(chainType, [custodialHolderOf(request.signer)]);

const keyError = (code: string, message: string) => E.left(domainError('unprocessable', code, message));

/** The key generated for a holder, checked against the chain, and the address it controls there. */
export const takeCustodialKey = (
  keys: CustodialKeys,
  holder: string,
  chainType: ChainType,
): E.Either<DomainError, { readonly key: CustodialKey; readonly address: string }> => {
  const key = keys[holder];
  if (!key) return keyError('custodial_key_missing', `no custodial key was generated for ${holder}`);
  if (key.curve !== keyCurveOf(chainType)) {
    return keyError(
      'custodial_key_mismatch',
      `the key for ${holder} is ${key.curve}; ${chainType} needs ${keyCurveOf(chainType)}`,
    );
  }
  const publicKey =
    /^[0-9a-f]+$/.test(key.publicKey) && key.publicKey.length % 2 === 0 ? hexToBytes(key.publicKey) : undefined;
  if (!publicKey || !isValidPublicKey(key.curve, publicKey)) {
    return keyError('custodial_key_mismatch', `the key for ${holder} is not a valid ${key.curve} public key`);
  }
  return E.right({ key, address: addressFromPublicKey(chainType, publicKey) });
};
