import type { Memo, OnChainCall, TransferError } from '@paykit/transfers';

/** A transaction the sandbox accepted, as its chain's stream records it: everything needed to replay it. */
export interface LedgerTransaction {
  readonly chain: string;
  /** Order of acceptance on its chain. */
  readonly seq: number;
  readonly txId: string;
  /** `mint`: the faucet creating funds; `transfer`: funds moving between addresses. */
  readonly kind: 'transfer' | 'mint';
  readonly from: string;
  readonly to: string;
  /** `native`, or the token's normalized address. */
  readonly token: string;
  readonly baseUnits: string;
  /** In the gas token's base units. */
  readonly fee: string;
  /** Who pays the fee: the sender, or nobody when it is sponsored (smart wallets) or a mint. */
  readonly feePayer?: string;
  readonly memo?: Memo;
  /** The block that includes it: the next one after acceptance (mints: the current one). */
  readonly block: number;
  /** ISO 8601. */
  readonly submittedAt: string;
  readonly idempotencyKey?: string;
  readonly call?: OnChainCall;
}

export type LedgerOutcome =
  | { readonly status: 'success'; readonly feeCharged: bigint }
  | { readonly status: 'failed'; readonly error: TransferError; readonly feeCharged: bigint };

/** What a new transaction needs beyond what the ledger assigns (sequence, block, time; the id unless it has one). */
export type TransactionDraft = Omit<LedgerTransaction, 'chain' | 'seq' | 'block' | 'submittedAt' | 'txId'> & {
  readonly txId?: string;
};
