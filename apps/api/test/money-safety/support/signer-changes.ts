import type { RecordedEvent } from '@paykit/event-store';
import type { KillCase } from './kill-harness.js';

export const WALLETS = '/2025-06-09/wallets';

/** Which request of a signer change the case's SIGKILL cuts: the one that opens it, or the admin's approval. */
export interface SignerChangeCase extends KillCase {
  readonly cuts: 'open' | 'approval';
  /** The admin's client never comes back: no retry of the approval, no read of what it approved or of the signer. */
  readonly untouched?: boolean;
}

export const as = (requestId: string) => ({ 'x-request-id': requestId });
export const transactionPath = ({ address }: { readonly address: string }, id: string) =>
  `${WALLETS}/${address}/transactions/${id}`;

export const dataOf = (event: RecordedEvent) => event.data as Record<string, unknown>;

/** The walk's events of a type that name the wallet at `address` (by its walletId). */
export const walletEventsOf = (events: readonly RecordedEvent[], address: string) => {
  const created = events.find((event) => event.type === 'WalletCreated' && dataOf(event)['address'] === address);
  const walletId = created && dataOf(created)['walletId'];
  return (type: string) => events.filter((event) => event.type === type && dataOf(event)['walletId'] === walletId);
};
