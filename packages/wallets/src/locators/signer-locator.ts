import { p256 } from '@noble/curves/nist.js';
import * as E from 'fp-ts/lib/Either.js';
import type { ChainType } from '../chains/chain-type.js';
import { normalizeAddress } from '../addresses/by-chain-type.js';
import { p256PublicKeyBytes, type P256PublicKey } from '../signatures/passkey.js';
import { normalizeOwnerValue } from './owner.js';

/**
 * Signer locators name a wallet's signers: `external-wallet:<address>`, `server:<address>`,
 * `api-key:<address>`, `email:<email>`, `phone:<E.164>`, `passkey:<credential id>` and
 * `device:<base64 of the uncompressed P-256 public key>` (a device key has no other name,
 * and this way its locator alone is enough to add it as a delegated signer).
 */
export const SIGNER_TYPES = ['external-wallet', 'server', 'api-key', 'passkey', 'email', 'phone', 'device'] as const;
export type SignerLocatorType = (typeof SIGNER_TYPES)[number];

export const isSignerType = (value: string): value is SignerLocatorType =>
  (SIGNER_TYPES as readonly string[]).includes(value);

export interface SplitSignerLocator {
  readonly type: SignerLocatorType;
  /** What follows `<type>:`; empty for a bare `api-key`. */
  readonly id: string;
}

export const splitSignerLocator = (text: string): SplitSignerLocator | null => {
  const separator = text.indexOf(':');
  const type = separator < 0 ? text : text.slice(0, separator);
  if (!isSignerType(type)) return null;
  return { type, id: separator < 0 ? '' : text.slice(separator + 1) };
};

export const deviceLocatorId = (point: { x: bigint; y: bigint }): string =>
  Buffer.from(p256PublicKeyBytes(point)).toString('base64');

/** The {x, y} of a device locator's key, or null when the id is not a base64 P-256 public key. */
export const devicePublicKeyOfLocatorId = (id: string): P256PublicKey | null => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(id)) return null;
  try {
    const point = p256.Point.fromBytes(Buffer.from(id, 'base64'));
    return { x: point.x.toString(), y: point.y.toString() };
  } catch {
    return null;
  }
};

/**
 * The spelling two locators of one signer share (checksummed addresses; emails and phone numbers
 * as owners are canonical). A value that is no valid one is left as written: it matches nothing.
 */
export const normalizeSignerLocator = (chainType: ChainType, text: string): string => {
  const split = splitSignerLocator(text);
  if (!split || split.id === '') return text;
  switch (split.type) {
    case 'external-wallet':
    case 'server':
    case 'api-key':
      return `${split.type}:${normalizeAddress(chainType, split.id)}`;
    case 'email':
    case 'phone': {
      const value = normalizeOwnerValue(split.type === 'email' ? 'email' : 'phoneNumber', split.id);
      return E.isRight(value) ? `${split.type}:${value.right}` : text;
    }
    case 'passkey':
    case 'device':
      return text;
  }
};
