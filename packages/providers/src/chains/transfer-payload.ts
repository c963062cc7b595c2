import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import { MEMO_TYPES, type Memo } from '@paykit/transfers';
import type { ChainToken } from './chain-gateway.js';

export const TRANSFER_PAYLOAD_FORMAT = 'paykit-transfer-v1';

/**
 * The serialized transfer of the chains we do not build native transactions for (Solana,
 * Aptos, Sui, Stellar): base64 of this JSON, keys in this order. The payer signs the decoded
 * bytes with its Ed25519 key; the signed form is base64 of `{ transaction, publicKey, signature }`
 * (the unsigned base64, the 32-byte key and the 64-byte signature in hex).
 */
export interface TransferPayload {
  readonly format: typeof TRANSFER_PAYLOAD_FORMAT;
  readonly chain: string;
  readonly from: string;
  readonly to: string;
  /** `native` or the token's address (mint, asset contract, coin type). */
  readonly token: string;
  /** Base units as a decimal string. */
  readonly amount: string;
  /** The sender's transaction count when it was built: two equal deposits stay two transactions. */
  readonly nonce: number;
  readonly memo?: Memo;
}

export interface SignedTransferPayload {
  readonly payload: TransferPayload;
  /** The exact bytes that were signed. */
  readonly payloadBytes: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly signature: Uint8Array;
}

export const tokenFieldOf = (token: ChainToken): string => (token.native ? 'native' : token.address);
export const tokenOfField = (field: string): ChainToken =>
  field === 'native' ? { native: true } : { native: false, address: field };

export const encodeTransferPayload = (payload: Omit<TransferPayload, 'format'>): string => {
  const { chain, from, to, token, amount, nonce, memo } = payload;
  const ordered: TransferPayload = {
    format: TRANSFER_PAYLOAD_FORMAT,
    chain,
    from,
    to,
    token,
    amount,
    nonce,
    ...(memo && { memo: { type: memo.type, value: memo.value } }),
  };
  return Buffer.from(JSON.stringify(ordered), 'utf8').toString('base64');
};

export const encodeSignedTransferPayload = (
  transaction: string,
  publicKey: Uint8Array,
  signature: Uint8Array,
): string =>
  Buffer.from(
    JSON.stringify({
      transaction,
      publicKey: Buffer.from(publicKey).toString('hex'),
      signature: Buffer.from(signature).toString('hex'),
    }),
    'utf8',
  ).toString('base64');

const malformed = (what: string): DomainError => invalid('invalid_transaction', `signedTransaction: ${what}`);

const parseJson = (base64: string): unknown => {
  try {
    return JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isMemo = (value: unknown): value is Memo =>
  isRecord(value) && typeof value['value'] === 'string' && (MEMO_TYPES as readonly unknown[]).includes(value['type']);

const parsePayload = (value: unknown): TransferPayload | undefined => {
  if (!isRecord(value) || value['format'] !== TRANSFER_PAYLOAD_FORMAT) return undefined;
  const { chain, from, to, token, amount, nonce, memo } = value;
  if (typeof chain !== 'string' || typeof from !== 'string' || typeof to !== 'string' || typeof token !== 'string')
    return undefined;
  if (typeof amount !== 'string' || typeof nonce !== 'number' || !Number.isSafeInteger(nonce)) return undefined;
  if (memo !== undefined && !isMemo(memo)) return undefined;
  return { format: TRANSFER_PAYLOAD_FORMAT, chain, from, to, token, amount, nonce, ...(memo && { memo }) };
};

const HEX = /^[0-9a-f]*$/;

/** Reads the signed form back; the signature is the caller's to verify. */
export const decodeSignedTransferPayload = (signed: string): E.Either<DomainError, SignedTransferPayload> => {
  const outer = parseJson(signed);
  if (!isRecord(outer) || typeof outer['transaction'] !== 'string')
    return E.left(malformed(`not a signed ${TRANSFER_PAYLOAD_FORMAT} transaction`));
  const { transaction, publicKey, signature } = outer;
  if (typeof publicKey !== 'string' || !HEX.test(publicKey) || publicKey.length !== 64)
    return E.left(malformed('publicKey must be 32 bytes of hex'));
  if (typeof signature !== 'string' || !HEX.test(signature) || signature.length !== 128)
    return E.left(malformed('signature must be 64 bytes of hex'));
  const payloadBytes = Buffer.from(transaction, 'base64');
  const payload = parsePayload(parseJson(transaction));
  if (!payload) return E.left(malformed(`transaction is not a ${TRANSFER_PAYLOAD_FORMAT} payload`));
  return E.right({
    payload,
    payloadBytes: new Uint8Array(payloadBytes),
    publicKey: new Uint8Array(Buffer.from(publicKey, 'hex')),
    signature: new Uint8Array(Buffer.from(signature, 'hex')),
  });
};
