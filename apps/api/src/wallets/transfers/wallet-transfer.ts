import { DomainException, notFound } from '@paykit/kernel';
import type { Transfer, TransferState } from '@paykit/transfers';
import type { Wallet } from '@paykit/wallets';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { TransferAggregate } from './transfer.aggregate.js';

/** A transfer of the wallet, or the 404 that another wallet's, another project's and a missing one share. */
export const loadWalletTransfer = async (
  aggregates: Aggregates,
  projectId: string,
  wallet: Wallet,
  transferId: string,
): Promise<Transfer> => {
  const { state } = await aggregates.loadOwned(TransferAggregate, projectId, transferId);
  if (!state || state.wallet.walletId !== wallet.walletId) throw new DomainException(notFound());
  return state;
};

/** The transfer as a command left it: a transfer's stream folds to one from its first event on. */
export const transferAfter = (transferId: string, { state }: { readonly state: TransferState }): Transfer => {
  if (!state) throw new Error(`transfer ${transferId} folds to no state after a command`);
  return state;
};
