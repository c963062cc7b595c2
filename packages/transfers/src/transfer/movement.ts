import type { TransferMovement } from './events.js';
import type { Transfer } from './model.js';

export const movementOf = (transfer: Transfer): TransferMovement => {
  const movement = {
    transferId: transfer.transferId,
    chain: transfer.chain,
    chainType: transfer.chainType,
    token: transfer.token,
    amount: transfer.amount,
    from: transfer.wallet,
    to: transfer.recipient,
  };
  return transfer.broadcast ? { ...movement, txId: transfer.broadcast.txId } : movement;
};
