import { encodeErrorResult } from 'viem';
import type { TransferError } from '@paykit/transfers';
import type { ChainInfo } from '@paykit/wallets';
import type { FinalityRule } from '../chain-gateway.js';
import type { LedgerOutcome, LedgerTransaction } from './ledger-transaction.js';
import { sandboxRevertingRecipientOf } from './sandbox-chain-params.js';
import { sandboxIdOf } from './transaction-ids.js';

/** Block 0 of every sandbox chain: heights follow from the clock, so nothing about blocks is stored. */
export const SANDBOX_EPOCH_MS = Date.parse('2025-01-01T00:00:00.000Z');

const ERROR_STRING_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const;
const REVERT_MESSAGE = 'PaykitSandbox: recipient rejects transfers';

export interface LedgerEntry {
  readonly transaction: LedgerTransaction;
  /** Set once its block has been produced. */
  readonly outcome?: LedgerOutcome;
}

/** What deciding a write reads of a chain: its ledger, or its ledger and the writes decided before in the same batch. */
export interface LedgerReader {
  readonly chain: ChainInfo;
  balanceOf(address: string, token: string): bigint;
  /** How many transactions the address has sent (its next EVM nonce). */
  nonceOf(address: string): number;
  entry(txId: string): LedgerEntry | undefined;
  txIdForKey(idempotencyKey: string): string | undefined;
}

/**
 * One sandbox chain. Blocks come every `blockTimeMs` since SANDBOX_EPOCH_MS; a transaction
 * accepted at time t goes into the next block and is executed, in acceptance order, when the
 * clock reaches it (lazily: every read first produces the blocks that are due). Balances are
 * those of the latest produced block. The canonical order is (block, seq): a view that learns
 * of a transaction for a block it has already executed past (accepted by an instance whose
 * clock was a little behind) executes everything again in that order, as a node does after a
 * reorg, so every view of the same transactions agrees.
 */
export class ChainLedger implements LedgerReader {
  private readonly balances = new Map<string, Map<string, bigint>>();
  private readonly entries = new Map<string, LedgerEntry>();
  /** Accepted, not yet executed; ordered by (block, seq). */
  private pending: LedgerTransaction[] = [];
  private readonly sent = new Map<string, number>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Every accepted transaction, in seq order. */
  private readonly accepted: LedgerTransaction[] = [];
  private lastExecutedBlock = -1;
  private producedHead = 0;
  private nextSeq = 0;
  private readonly revertingRecipient: string;

  constructor(
    readonly chain: ChainInfo,
    readonly rule: FinalityRule,
  ) {
    this.revertingRecipient = sandboxRevertingRecipientOf(chain.chainType);
  }

  get seq(): number {
    return this.nextSeq;
  }

  private headAt(nowMs: number): number {
    return Math.max(this.producedHead, Math.floor(Math.max(0, nowMs - SANDBOX_EPOCH_MS) / this.rule.blockTimeMs));
  }

  /** Produces every block due at `nowMs`, executing what they include; returns the head. */
  advance(nowMs: number): number {
    const head = this.headAt(nowMs);
    this.executeThrough(head);
    this.producedHead = head;
    return head;
  }

  private executeThrough(head: number): void {
    while (this.pending[0] && this.pending[0].block <= head) {
      const transaction = this.pending.shift() as LedgerTransaction;
      this.entries.set(transaction.txId, { transaction, outcome: this.execute(transaction) });
      this.lastExecutedBlock = transaction.block;
    }
  }

  /**
   * The block a transaction accepted at `head` goes into: mints the current block (so the faucet
   * answers with the new balance), transfers the next one, never before one already pending.
   */
  blockAt(kind: LedgerTransaction['kind'], head: number): number {
    const lastPending = this.pending.at(-1)?.block ?? 0;
    return kind === 'mint' ? head : Math.max(head + 1, lastPending);
  }

  /** Accepts a transaction (written here or read from its stream); it executes when its block is produced. */
  accept(transaction: LedgerTransaction): void {
    this.nextSeq = Math.max(this.nextSeq, transaction.seq + 1);
    this.accepted.push(transaction);
    this.entries.set(transaction.txId, { transaction });
    if (transaction.idempotencyKey) this.byIdempotencyKey.set(transaction.idempotencyKey, transaction.txId);
    if (transaction.kind === 'transfer') this.sent.set(transaction.from, this.nonceOf(transaction.from) + 1);
    if (transaction.block < this.lastExecutedBlock) return this.reexecute();
    const at = this.pending.findIndex((other) => inCanonicalOrder(transaction, other));
    if (at < 0) this.pending.push(transaction);
    else this.pending.splice(at, 0, transaction);
  }

  /** Every transaction accepted on this chain, in acceptance order (seq). */
  transactions(): readonly LedgerTransaction[] {
    return this.accepted;
  }

  /** Balances and outcomes again from nothing, in canonical order, up to the block produced so far. */
  private reexecute(): void {
    this.balances.clear();
    for (const transaction of this.accepted) this.entries.set(transaction.txId, { transaction });
    this.pending = [...this.accepted].sort((a, b) => (inCanonicalOrder(a, b) ? -1 : 1));
    this.lastExecutedBlock = -1;
    this.executeThrough(this.producedHead);
  }

  balanceOf(address: string, token: string): bigint {
    return this.balances.get(address)?.get(token) ?? 0n;
  }

  /** How many transactions the address has sent (its next EVM nonce). */
  nonceOf(address: string): number {
    return this.sent.get(address) ?? 0;
  }

  entry(txId: string): LedgerEntry | undefined {
    return this.entries.get(txId);
  }

  txIdForKey(idempotencyKey: string): string | undefined {
    return this.byIdempotencyKey.get(idempotencyKey);
  }

  confirmationsOf(transaction: LedgerTransaction): number {
    return transaction.block <= this.producedHead ? this.producedHead - transaction.block + 1 : 0;
  }

  isFinal(transaction: LedgerTransaction): boolean {
    return this.confirmationsOf(transaction) >= this.rule.confirmations;
  }

  blockHashOf(block: number): string {
    return sandboxIdOf(
      this.chain.chainType,
      `paykit:sandbox:block:${this.chain.environment}:${this.chain.name}:${block}`,
    );
  }

  /** When the block that makes a transaction final is produced. */
  finalizedAtOf(transaction: LedgerTransaction): Date {
    return new Date(SANDBOX_EPOCH_MS + (transaction.block + this.rule.confirmations - 1) * this.rule.blockTimeMs);
  }

  private credit(address: string, token: string, units: bigint): void {
    const balances = this.balances.get(address) ?? new Map<string, bigint>();
    balances.set(token, (balances.get(token) ?? 0n) + units);
    this.balances.set(address, balances);
  }

  private execute(transaction: LedgerTransaction): LedgerOutcome {
    const amount = BigInt(transaction.baseUnits);
    if (transaction.kind === 'mint') {
      this.credit(transaction.to, transaction.token, amount);
      return { status: 'success', feeCharged: 0n };
    }
    const fee = BigInt(transaction.fee);
    const { feePayer, from, to, token } = transaction;
    const payerNative = feePayer ? this.balanceOf(feePayer, 'native') : 0n;
    const nativeNeeded = feePayer ? fee + (feePayer === from && token === 'native' ? amount : 0n) : 0n;
    if (payerNative < nativeNeeded) {
      return failed(0n, insufficientFunds(this.chain, 'native', payerNative, nativeNeeded));
    }
    const feeCharged = feePayer ? fee : 0n;
    if (feePayer) this.credit(feePayer, 'native', -fee);
    if (to === this.revertingRecipient) return failed(feeCharged, rejection(this.chain));
    const balance = this.balanceOf(from, token);
    if (balance < amount) return failed(feeCharged, insufficientFunds(this.chain, token, balance, amount));
    this.credit(from, token, -amount);
    this.credit(to, token, amount);
    return { status: 'success', feeCharged };
  }
}

const inCanonicalOrder = (a: LedgerTransaction, b: LedgerTransaction): boolean =>
  a.block < b.block || (a.block === b.block && a.seq < b.seq);

const failed = (feeCharged: bigint, error: TransferError): LedgerOutcome => ({ status: 'failed', error, feeCharged });

const insufficientFunds = (chain: ChainInfo, token: string, balance: bigint, needed: bigint): TransferError => ({
  reason: 'insufficient_funds',
  message: `insufficient funds on ${chain.name}: ${token === 'native' ? chain.nativeCurrency.symbol : token} balance ${balance} base units, ${needed} needed`,
});

/** The reverting recipient's refusal, as the chain family reports a failed call. */
const rejection = (chain: ChainInfo): TransferError =>
  chain.chainType === 'evm'
    ? {
        reason: 'reverted',
        message: `execution reverted: ${REVERT_MESSAGE}`,
        revertData: encodeErrorResult({ abi: ERROR_STRING_ABI, errorName: 'Error', args: [REVERT_MESSAGE] }),
      }
    : {
        reason: 'program_error',
        message: `program error: ${REVERT_MESSAGE}`,
        logs: [`Program log: ${REVERT_MESSAGE}`, 'Program failed: custom program error: 0x1'],
        revertData: '0x01',
      };
