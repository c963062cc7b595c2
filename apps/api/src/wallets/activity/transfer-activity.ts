import { formatDecimal, fromBaseUnits } from '@paykit/kernel';
import type { Transfer } from '@paykit/transfers';

/** A wallet's transfer as its activity feed shows it (the public SDK's `WalletsActivityResponseUnstableDto` item). */
export interface TransferActivityItem {
  readonly type: 'wallets.transfer.out' | 'wallets.transfer.in';
  readonly transferId: string;
  readonly status: 'succeeded' | 'failed';
  readonly sender: { readonly address: string; readonly chain: string; readonly locator: string };
  readonly recipient: { readonly address: string; readonly chain: string; readonly locator: string };
  readonly token: {
    readonly type: 'fungible';
    readonly chain: string;
    readonly locator: string;
    readonly symbol: string;
    readonly decimals: number;
    readonly amount: string;
    readonly rawAmount: string;
    readonly contractAddress?: string;
    readonly mintHash?: string;
    readonly contractId?: string;
  };
  readonly completedAt?: string;
  readonly onChain?: { readonly txId: string; readonly explorerLink: string };
  readonly error?: { readonly message: string; readonly reason: string };
}

/** Where the token's address goes, by chain family, as the SDK reads it. */
const addressField = (transfer: Transfer): Record<string, string> => {
  const { address } = transfer.token;
  if (address === undefined) return {};
  if (transfer.chainType === 'solana') return { mintHash: address };
  if (transfer.chainType === 'stellar') return { contractId: address };
  return { contractAddress: address };
};

export const toTransferActivity = (transfer: Transfer, walletId: string): TransferActivityItem => {
  const { outcome, broadcast, chain } = transfer;
  return {
    type: transfer.wallet.walletId === walletId ? 'wallets.transfer.out' : 'wallets.transfer.in',
    transferId: transfer.transferId,
    status: outcome?.status === 'success' ? 'succeeded' : 'failed',
    sender: { address: transfer.wallet.address, chain, locator: transfer.wallet.locator },
    recipient: { address: transfer.recipient.address, chain, locator: transfer.recipient.locator },
    token: {
      type: 'fungible',
      chain,
      locator: transfer.token.locator,
      symbol: transfer.token.symbol,
      decimals: transfer.token.decimals,
      amount: formatDecimal(fromBaseUnits(BigInt(transfer.amount.baseUnits), transfer.token.decimals)),
      rawAmount: transfer.amount.baseUnits,
      ...addressField(transfer),
    },
    ...(outcome && { completedAt: outcome.completedAt }),
    ...(broadcast && { onChain: { txId: broadcast.txId, explorerLink: broadcast.explorerLink ?? '' } }),
    ...(outcome?.status === 'failed' && { error: { message: outcome.error.message, reason: outcome.error.reason } }),
  };
};
