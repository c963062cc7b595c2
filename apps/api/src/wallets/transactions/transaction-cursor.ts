import { DomainException, invalid } from '@paykit/kernel';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';

const isPosition = (value: unknown): value is string => typeof value === 'string' && /^\d+$/.test(value);

/**
 * A wallet's transaction-list cursors: the position of the last transfer on the page, signed
 * for that wallet's list. A cursor that was altered, or issued for another wallet, is a 400.
 */
export class TransactionCursors {
  private readonly cursors: SignedCursors;

  constructor(key: () => Buffer) {
    this.cursors = new SignedCursors(key, badCursor);
  }

  issue(walletId: string, position: bigint): string {
    return this.cursors.encode(binding(walletId), position.toString());
  }

  /** The position to continue below. */
  read(cursor: string, walletId: string): bigint {
    return BigInt(this.cursors.decode(binding(walletId), cursor, isPosition));
  }
}

const binding = (walletId: string) => `transactions:${walletId}`;

const badCursor = () =>
  new DomainException(invalid('invalid_cursor', 'cursor: not a cursor of this list; start again without one'));
