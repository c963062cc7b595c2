import { utf8ToBytes } from '@noble/hashes/utils.js';

/** What a signer signs: text (signed as its UTF-8 bytes) or raw bytes. */
export type SignedMessage = string | Uint8Array;

export const messageBytes = (message: SignedMessage): Uint8Array =>
  typeof message === 'string' ? utf8ToBytes(message) : message;
