import { DomainException, invalid } from '@paykit/kernel';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';

/** A store position, in decimal (JSON has no bigint). */
export const isTransferPosition = (value: unknown): value is string => typeof value === 'string' && /^\d+$/.test(value);

/** The list a cursor belongs to: one wallet's transactions. */
export const transactionsBinding = (walletId: string): string => `transactions:${walletId}`;

/**
 * A wallet's transaction-list cursors, signed for that wallet's list. A cursor that was altered,
 * or issued for another wallet, is a 400.
 */
export const transactionCursors = (key: () => Buffer): SignedCursors => new SignedCursors(key, badCursor);

const badCursor = () =>
  new DomainException(invalid('invalid_cursor', 'cursor: not a cursor of this list; start again without one'));
