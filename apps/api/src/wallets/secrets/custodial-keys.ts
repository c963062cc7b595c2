import { randomBytes } from 'node:crypto';
import {
  type CustodialKey,
  type CustodialKeys,
  type EncryptionKey,
  type KeyRequest,
  generateCustodialKey,
} from '@paykit/wallets';

/** Draws a fresh key for each request (secp256k1 rejects ~2^-128 of draws: draw again) and seals it. */
export const generateCustodialKeys = (requests: readonly KeyRequest[], encryptionKey: EncryptionKey): CustodialKeys =>
  Object.fromEntries(requests.map((request) => [request.holder, generateOne(request, encryptionKey)]));

const generateOne = (request: KeyRequest, encryptionKey: EncryptionKey): CustodialKey => {
  for (;;) {
    const seed = randomBytes(32);
    try {
      return generateCustodialKey(request.curve, seed, encryptionKey, randomBytes);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    } finally {
      seed.fill(0);
    }
  }
};
