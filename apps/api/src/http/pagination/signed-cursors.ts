import { createHmac, timingSafeEqual } from 'node:crypto';
import { RequestValidationError } from '../validation/request-validation.error.js';

/**
 * Opaque list cursors: a position as base64url JSON plus an HMAC over the position and the
 * list and filters it was issued for (`binding`: the caller, the run, the wallet...). A cursor
 * that was altered, forged or is replayed under other filters is rejected with `invalid()`,
 * by default a 400 naming `cursor`; never a page of someone else's data.
 */
export class SignedCursors {
  constructor(
    private readonly key: () => Buffer,
    private readonly invalid: () => Error = invalidCursor,
  ) {}

  encode(binding: string, position: unknown): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.signature(binding, payload)}`;
  }

  decode<Position>(binding: string, cursor: string, isPosition: (value: unknown) => value is Position): Position {
    const [payload, signature, ...rest] = cursor.split('.');
    if (
      payload === undefined ||
      signature === undefined ||
      rest.length > 0 ||
      !this.matches(binding, payload, signature)
    ) {
      throw this.invalid();
    }
    let position: unknown;
    try {
      position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw this.invalid();
    }
    if (!isPosition(position)) throw this.invalid();
    return position;
  }

  private signature(binding: string, payload: string): string {
    return createHmac('sha256', this.key()).update(`${binding}\n${payload}`).digest('base64url');
  }

  private matches(binding: string, payload: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(binding, payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

const invalidCursor = () =>
  new RequestValidationError([{ path: 'cursor', message: 'is not a cursor this list issued for these filters' }]);
