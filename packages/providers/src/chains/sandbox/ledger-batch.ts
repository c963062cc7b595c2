import type { ChainLedger, LedgerEntry, LedgerReader } from './chain-ledger.js';
import type { LedgerTransaction, TransactionDraft } from './ledger-transaction.js';
import { sandboxIdOf } from './transaction-ids.js';

/**
 * The writes of one append, decided one after another on the ledger as it is plus the
 * transactions decided before them in the batch, without touching the ledger: a batch whose
 * append fails leaves nothing to undo. Mints count at once (they go into the current block, as
 * the ledger executes them on accept); transfers go into the next block. Once committed (its
 * transactions folded into the ledger) it reads the ledger alone.
 */
export class LedgerBatch implements LedgerReader {
  readonly transactions: LedgerTransaction[] = [];
  private committed = false;

  constructor(
    private readonly ledger: ChainLedger,
    private readonly head: number,
    private readonly now: Date,
    private readonly firstSeq: number,
  ) {}

  get chain() {
    return this.ledger.chain;
  }

  balanceOf(address: string, token: string): bigint {
    return this.pending().reduce(
      (balance, transaction) =>
        transaction.kind === 'mint' && transaction.to === address && transaction.token === token
          ? balance + BigInt(transaction.baseUnits)
          : balance,
      this.ledger.balanceOf(address, token),
    );
  }

  nonceOf(address: string): number {
    return (
      this.ledger.nonceOf(address) +
      this.pending().filter((transaction) => transaction.kind === 'transfer' && transaction.from === address).length
    );
  }

  entry(txId: string): LedgerEntry | undefined {
    const batched = this.pending().find((transaction) => transaction.txId === txId);
    return this.ledger.entry(txId) ?? (batched && { transaction: batched });
  }

  txIdForKey(idempotencyKey: string): string | undefined {
    return (
      this.ledger.txIdForKey(idempotencyKey) ??
      this.pending().find((transaction) => transaction.idempotencyKey === idempotencyKey)?.txId
    );
  }

  /** Gives drafts what the ledger assigns (sequence, block, time; the id unless they have one) and adds them to the batch. */
  add(drafts: readonly TransactionDraft[]): LedgerTransaction[] {
    return drafts.map((draft) => this.stamp(draft));
  }

  commit(): void {
    this.committed = true;
  }

  private pending(): readonly LedgerTransaction[] {
    return this.committed ? [] : this.transactions;
  }

  private stamp(draft: TransactionDraft): LedgerTransaction {
    const { chain } = this.ledger;
    const seq = this.firstSeq + this.transactions.length;
    const submittedAt = this.now.toISOString();
    const seed = `paykit:sandbox:tx:${chain.environment}:${chain.name}:${seq}:${submittedAt}:${draft.from}:${draft.to}:${draft.token}:${draft.baseUnits}`;
    const batchedTransfer = this.transactions.findLast((transaction) => transaction.kind === 'transfer')?.block ?? 0;
    const transaction: LedgerTransaction = {
      ...draft,
      chain: chain.name,
      seq,
      txId: draft.txId ?? sandboxIdOf(chain.chainType, seed),
      block: draft.kind === 'mint' ? this.head : Math.max(this.ledger.blockAt(draft.kind, this.head), batchedTransfer),
      submittedAt,
    };
    this.transactions.push(transaction);
    return transaction;
  }
}
