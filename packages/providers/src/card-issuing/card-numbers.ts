import { createHmac, hkdfSync } from 'node:crypto';
import { passesLuhn } from '../cards/card-number.js';

/** Every card the sandbox issues is a Visa in this range: processors route it to the sandbox network. */
export const SANDBOX_ISSUER_BIN = '40000099';
const NUMBER_LENGTH = 16;

/** Whether `digits` could be a card of the sandbox issuer (its range, its length, its check digit). */
export const isSandboxIssuerNumber = (digits: string): boolean =>
  digits.length === NUMBER_LENGTH &&
  digits.startsWith(SANDBOX_ISSUER_BIN) &&
  /^\d+$/.test(digits) &&
  passesLuhn(digits);

/** The digit that makes `payload` + it pass the Luhn check. */
export const luhnCheckDigit = (payload: string): string => {
  for (let digit = 0; digit <= 9; digit++) if (passesLuhn(`${payload}${digit}`)) return String(digit);
  throw new Error('unreachable: one of ten digits completes every payload');
};

const digitsOf = (mac: Buffer, count: number): string =>
  (mac.readBigUInt64BE(0) % 10n ** BigInt(count)).toString().padStart(count, '0');

/**
 * Where the sandbox issuer's card numbers and security codes come from: derived from a key of
 * its own and the card's id, so neither is ever stored (not even sealed) and a card's details
 * come back the same after a restart, on any instance with the same key. A number is found again
 * by a keyed hash of it (a plain hash of ten million candidates would be a lookup table).
 */
export class CardSecrets {
  private key: Buffer | null = null;

  constructor(private readonly rootKey: () => Uint8Array) {}

  /** The `variant`-th candidate number of the card (the next one when another card holds it). */
  numberOf(cardId: string, variant: number): string {
    const free = NUMBER_LENGTH - SANDBOX_ISSUER_BIN.length - 1;
    const payload = `${SANDBOX_ISSUER_BIN}${digitsOf(this.mac(`number:${cardId}:${variant}`), free)}`;
    return `${payload}${luhnCheckDigit(payload)}`;
  }

  cvcOf(cardId: string): string {
    return digitsOf(this.mac(`cvc:${cardId}`), 3);
  }

  /** The name a number is filed under: HMAC-SHA256 with the issuer's key, hex. */
  indexOf(number: string): string {
    return this.mac(`index:${number}`).toString('hex');
  }

  private mac(message: string): Buffer {
    this.key ??= Buffer.from(
      hkdfSync('sha256', this.rootKey(), Buffer.alloc(0), 'paykit:sandbox-card-issuer:card-secrets:v1', 32),
    );
    return createHmac('sha256', this.key).update(message).digest();
  }
}
