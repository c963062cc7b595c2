import { getAddress } from 'viem';
import type { ChainInfo } from '@paykit/wallets';
import type { ChainToken, IncomingTransfer, TransactionStatus } from '../chain-gateway.js';
import { nativeFeeOf } from '../fee-amount.js';
import type { ChainLedger, LedgerEntry } from './chain-ledger.js';
import type { LedgerTransaction } from './ledger-transaction.js';

export const chainTokenOf = (chain: ChainInfo, tokenKey: string): ChainToken =>
  tokenKey === 'native'
    ? { native: true }
    : { native: false, address: chain.chainType === 'evm' ? getAddress(tokenKey) : tokenKey };

/** The fee a transaction cost: what its payer was charged, or what the sponsor paid. */
const feeOf = (ledger: ChainLedger, transaction: LedgerTransaction, feeCharged: bigint) => {
  const units = transaction.kind === 'mint' ? 0n : transaction.feePayer ? feeCharged : BigInt(transaction.fee);
  const { baseUnits: _baseUnits, ...fee } = nativeFeeOf(ledger.chain, units);
  return fee;
};

export const statusOf = (ledger: ChainLedger, { transaction, outcome }: LedgerEntry): TransactionStatus => {
  const confirmations = ledger.confirmationsOf(transaction);
  const requiredConfirmations = ledger.rule.confirmations;
  if (!outcome) return { status: 'pending', confirmations: 0, requiredConfirmations };
  const block = { blockNumber: transaction.block, blockHash: ledger.blockHashOf(transaction.block) };
  if (!ledger.isFinal(transaction)) return { status: 'pending', confirmations, requiredConfirmations, ...block };
  const fee = feeOf(ledger, transaction, outcome.feeCharged);
  const finalizedAt = ledger.finalizedAtOf(transaction).toISOString();
  return outcome.status === 'success'
    ? { status: 'success', confirmations, ...block, fee, finalizedAt }
    : { status: 'failed', error: outcome.error, confirmations, ...block, fee, finalizedAt };
};

export const incomingTransferOf = (ledger: ChainLedger, { transaction, outcome }: LedgerEntry): IncomingTransfer => ({
  chain: transaction.chain,
  txId: transaction.txId,
  from: transaction.from,
  to: transaction.to,
  token: chainTokenOf(ledger.chain, transaction.token),
  baseUnits: transaction.baseUnits,
  ...(transaction.memo && { memo: transaction.memo }),
  status: outcome?.status ?? 'pending',
  confirmations: ledger.confirmationsOf(transaction),
  final: outcome !== undefined && ledger.isFinal(transaction),
  ...(outcome && { blockNumber: transaction.block }),
});
