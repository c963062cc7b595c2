import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainException, invalid } from '@paykit/kernel';

interface CursorPayload {
  /** The wallet whose list the cursor was issued for: a cursor never crosses to another list. */
  readonly w: string;
  /** Position of the last transfer on the page: the next page starts below it. */
  readonly p: string;
}

/**
 * Opaque, tamper-evident cursors: base64url(JSON) and an HMAC over it. A cursor that was
 * altered, or issued for another wallet, is a 400.
 */
export class TransactionCursors {
  constructor(private readonly key: () => Buffer) {}

  issue(walletId: string, position: bigint): string {
    const payload = Buffer.from(JSON.stringify({ w: walletId, p: position.toString() } satisfies CursorPayload)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The position to continue below. */
  read(cursor: string, walletId: string): bigint {
    const [payload, mac, ...rest] = cursor.split('.');
    if (payload === undefined || mac === undefined || rest.length > 0 || !this.verifies(payload, mac)) throw badCursor();
    let parsed: CursorPayload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorPayload;
    } catch {
      throw badCursor();
    }
    if (parsed.w !== walletId || !/^\d+$/.test(parsed.p)) throw badCursor();
    return BigInt(parsed.p);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key()).update(`transactions:${payload}`).digest('base64url');
  }

  private verifies(payload: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

const badCursor = () =>
  new DomainException(invalid('invalid_cursor', 'cursor: not a cursor of this list; start again without one'));
