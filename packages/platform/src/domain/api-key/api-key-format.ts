import { type Environment, isEnvironment } from '../environment.js';

/**
 * The wire format of API keys: `sk_<env>_<secret>` (server) and `ck_<env>_<secret>` (client),
 * the secret being at least 32 random bytes in base62 (43 characters: 62^43 > 2^256), so a key
 * is one word a double-click selects whole. Pure: the random bytes come from the caller.
 */
export type ApiKeyKind = 'server' | 'client';
export const API_KEY_KINDS: readonly ApiKeyKind[] = ['server', 'client'];
export const isApiKeyKind = (value: unknown): value is ApiKeyKind => value === 'server' || value === 'client';

export const API_KEY_RANDOM_BYTES = 32;
const SECRET_LENGTH = 43;
/** Secret characters kept in the display prefix: enough to tell keys apart, useless to guess with. */
const DISPLAY_SECRET_CHARACTERS = 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const KIND_TAG: Record<ApiKeyKind, string> = { server: 'sk', client: 'ck' };
const KEY_PATTERN = /^(sk|ck)_([a-z]+)_([0-9A-Za-z]{43})$/;

export interface ParsedApiKey {
  readonly kind: ApiKeyKind;
  readonly environment: Environment;
  /** `sk_staging_AbCd1234`: safe to show, log and use to pick a key for revocation. */
  readonly displayPrefix: string;
}

const toBase62 = (bytes: Uint8Array, length: number): string => {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(length, '0').slice(-length);
};

/** Builds a key from exactly `API_KEY_RANDOM_BYTES` random bytes. */
export const formatApiKey = (kind: ApiKeyKind, environment: Environment, randomBytes: Uint8Array): string => {
  if (randomBytes.length !== API_KEY_RANDOM_BYTES) {
    throw new RangeError(`an API key needs exactly ${API_KEY_RANDOM_BYTES} random bytes`);
  }
  return `${KIND_TAG[kind]}_${environment}_${toBase62(randomBytes, SECRET_LENGTH)}`;
};

/** Null when the text is not shaped like a key (a malformed key, as opposed to an unknown one). */
export const parseApiKey = (raw: string): ParsedApiKey | null => {
  const match = KEY_PATTERN.exec(raw);
  if (!match) return null;
  const [, tag, environment, secret = ''] = match;
  if (!isEnvironment(environment)) return null;
  return {
    kind: tag === 'sk' ? 'server' : 'client',
    environment,
    displayPrefix: `${tag}_${environment}_${secret.slice(0, DISPLAY_SECRET_CHARACTERS)}`,
  };
};

const PREFIX_PATTERN = /^(sk|ck)_(staging|production)_[0-9A-Za-z]{8}$/;
export const isDisplayPrefix = (value: string): boolean => PREFIX_PATTERN.test(value);

export const SHA256_HEX = /^[0-9a-f]{64}$/;
