import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { KeyCurve } from '../../src/addresses/by-chain-type.js';
import { generateCustodialKey, type CustodialKey } from '../../src/keys/custodial-key.js';
import type { EncryptionKey } from '../../src/keys/secret-box.js';

/** 32 bytes that depend only on the label: reproducible "random" input. */
export const seedFrom = (label: string): Uint8Array => sha256(utf8ToBytes(label));

export const ENCRYPTION_KEY: EncryptionKey = { id: 'test-key-1', key: seedFrom('encryption key 1') };

/** A deterministic nonce source (a counter), so sealed blobs are reproducible. */
export const counterNonces = (label: string) => {
  let counter = 0;
  return (length: number): Uint8Array => seedFrom(`${label}:${counter++}`).slice(0, length);
};

export const custodialKey = (curve: KeyCurve, label: string): CustodialKey =>
  generateCustodialKey(curve, seedFrom(label), ENCRYPTION_KEY, seedFrom(`nonce:${label}`).slice(0, 12));

export const NOW = Date.parse('2026-03-01T12:00:00.000Z');
