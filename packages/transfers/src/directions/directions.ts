import type { TransferEvent, TransferMovement } from '../transfer/events.js';
import type { TransferAmount, TransferToken } from '../transfer/model.js';
import type { ChainType } from '../transfer/chain.js';

export const TRANSFER_OUT = 'wallets.transfer.out';
export const TRANSFER_IN = 'wallets.transfer.in';

/** One wallet's side of a completed transfer: what its `wallets.transfer.*` webhook reports. */
export interface TransferDirection {
  readonly type: typeof TRANSFER_OUT | typeof TRANSFER_IN;
  readonly walletId: string;
  readonly walletAddress: string;
  readonly counterpartyAddress: string;
  readonly transferId: string;
  readonly chain: string;
  readonly chainType: ChainType;
  readonly token: TransferToken;
  readonly amount: TransferAmount;
  readonly txId?: string;
}

/**
 * The sender's `out` and, when the recipient is one of our wallets, the recipient's `in`
 * (a transfer to itself has both).
 */
export const directionsOf = (movement: TransferMovement): TransferDirection[] => {
  const { transferId, chain, chainType, token, amount, from, to, txId } = movement;
  const common = { transferId, chain, chainType, token, amount, ...(txId !== undefined && { txId }) };
  const out: TransferDirection = {
    type: TRANSFER_OUT,
    walletId: from.walletId,
    walletAddress: from.address,
    counterpartyAddress: to.address,
    ...common,
  };
  if (to.walletId === undefined) return [out];
  return [
    out,
    {
      type: TRANSFER_IN,
      walletId: to.walletId,
      walletAddress: to.address,
      counterpartyAddress: from.address,
      ...common,
    },
  ];
};

/** Funds move only when a transfer succeeds; every other event has no direction. */
export const directionsOfEvent = (event: TransferEvent): TransferDirection[] =>
  event.type === 'TransferSucceeded' ? directionsOf(event.data.movement) : [];
