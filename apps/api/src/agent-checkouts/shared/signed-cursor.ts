import { createHmac, timingSafeEqual } from 'node:crypto';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';

/**
 * Opaque page cursors: the position as base64url JSON plus an HMAC over the position and the
 * filters it was issued for (`binding`: the caller, the run). A cursor altered, forged, or
 * replayed under other filters is a 400 naming `cursor`, never a page of someone else's data.
 */
export class SignedCursors {
  constructor(private readonly key: () => Buffer) {}

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
      throw invalidCursor();
    }
    let position: unknown;
    try {
      position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (!isPosition(position)) throw invalidCursor();
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
