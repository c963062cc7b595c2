import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Clock, DomainError } from '@paykit/kernel';
import { chainsOf, explorerTransactionUrl, type ChainInfo } from '@paykit/wallets';
import type { Environment } from '../../environment.js';
import type {
  BalanceRequest,
  ChainBalance,
  ChainGateway,
  DepositTransactionRequest,
  FaucetRequest,
  FaucetResult,
  FeeEstimate,
  FeeEstimateRequest,
  FinalityRule,
  IncomingTransfer,
  SignedTransactionRequest,
  SubmitTransferRequest,
  SubmitTransferResult,
  TransactionStatus,
  UnsignedDepositTransaction,
} from '../chain-gateway.js';
import { chainNotSupported, transactionNotFound } from '../chain-errors.js';
import { checkAddress, knownToken, resolveChain, tokenKeyOf } from '../chain-request.js';
import { nativeFeeOf } from '../fee-amount.js';
import { sandboxFinalityOf } from '../finality.js';
import { ChainLedger } from './chain-ledger.js';
import { memoryLedgerJournal, type LedgerJournal } from './ledger-journal.js';
import type { LedgerTransaction, TransactionDraft } from './ledger-transaction.js';
import { incomingTransferOf, statusOf } from './ledger-views.js';
import { sandboxFeeOf } from './sandbox-chain-params.js';
import { faucetMints } from './sandbox-faucet.js';
import { buildSandboxDeposit, decodeSignedSandboxTransaction } from './sandbox-signed-transactions.js';
import { planSandboxTransfer } from './sandbox-transfer.js';
import { sandboxIdOf } from './transaction-ids.js';

export interface ChainTiming {
  readonly blockTimeMs?: number;
  readonly confirmations?: number;
}

export interface SandboxChainGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  /** Where accepted transactions are kept across restarts; memory by default. */
  readonly journal?: LedgerJournal;
  /** Overrides of the chains' block times and confirmations: for every chain, then per chain name. */
  readonly timing?: ChainTiming & { readonly chains?: Readonly<Record<string, ChainTiming>> };
}

/**
 * The sandbox chains: one in-memory ledger per chain of the environment (see chain-ledger.ts),
 * blocks on the injected clock, the staging faucet. Nothing leaves the process.
 */
export class SandboxChainGateway implements ChainGateway {
  private readonly ledgers = new Map<string, ChainLedger>();
  private readonly journal: LedgerJournal;

  constructor(private readonly options: SandboxChainGatewayOptions) {
    this.journal = options.journal ?? memoryLedgerJournal();
    for (const chain of chainsOf(options.environment))
      this.ledgers.set(chain.name, new ChainLedger(chain, this.ruleOf(chain)));
    for (const transaction of this.journal.load()) this.ledgers.get(transaction.chain)?.accept(transaction);
  }

  private ruleOf(chain: ChainInfo): FinalityRule {
    const { timing } = this.options;
    const perChain = timing?.chains?.[chain.name];
    const base = sandboxFinalityOf(chain);
    return {
      chain: chain.name,
      blockTimeMs: perChain?.blockTimeMs ?? timing?.blockTimeMs ?? base.blockTimeMs,
      confirmations: perChain?.confirmations ?? timing?.confirmations ?? base.confirmations,
    };
  }

  private now(): Date {
    return this.options.clock.now();
  }

  /** The chain's ledger with every block due by now produced. */
  private ledger(chain: string): E.Either<DomainError, ChainLedger> {
    const ledger = this.ledgers.get(chain);
    if (!ledger) return E.left(chainNotSupported(chain, this.options.environment));
    ledger.advance(this.now().getTime());
    return E.right(ledger);
  }

  private accept(ledger: ChainLedger, draft: TransactionDraft): LedgerTransaction {
    const now = this.now();
    const { chain } = ledger;
    const seq = ledger.seq;
    const submittedAt = now.toISOString();
    const seed = `paykit:sandbox:tx:${chain.environment}:${chain.name}:${seq}:${submittedAt}:${draft.from}:${draft.to}:${draft.token}:${draft.baseUnits}`;
    const transaction: LedgerTransaction = {
      ...draft,
      chain: chain.name,
      seq,
      txId: draft.txId ?? sandboxIdOf(chain.chainType, seed),
      block: ledger.blockFor(draft.kind, now.getTime()),
      submittedAt,
    };
    this.journal.append(transaction);
    ledger.accept(transaction);
    ledger.advance(now.getTime());
    return transaction;
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    return pipe(
      E.Do,
      E.bind('ledger', () => this.ledger(request.chain)),
      E.bind('address', ({ ledger }) => checkAddress(ledger.chain, 'address', request.address)),
      E.bind('info', ({ ledger }) => knownToken(ledger.chain, request.token)),
      E.map(({ ledger, address, info }) => ({
        chain: ledger.chain.name,
        address,
        token: request.token,
        baseUnits: ledger.balanceOf(address, tokenKeyOf(ledger.chain, request.token)).toString(),
        decimals: info.decimals,
      })),
    );
  }

  async submitTransfer(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    return pipe(
      this.ledger(request.chain),
      E.chain((ledger) => {
        const earlier = request.idempotencyKey ? ledger.txIdForKey(request.idempotencyKey) : undefined;
        const entry = earlier ? ledger.entry(earlier) : undefined;
        if (entry) return E.right(this.submitted(ledger, entry.transaction));
        return pipe(
          planSandboxTransfer(ledger.chain, request),
          E.map((draft) => this.submitted(ledger, this.accept(ledger, draft))),
        );
      }),
    );
  }

  private submitted(ledger: ChainLedger, transaction: LedgerTransaction): SubmitTransferResult {
    return {
      outcome: 'submitted',
      txId: transaction.txId,
      explorerLink: explorerTransactionUrl(ledger.chain, transaction.txId),
      ...(transaction.call && { call: transaction.call }),
      submittedAt: transaction.submittedAt,
    };
  }

  async getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    return pipe(
      this.ledger(chain),
      E.chain((ledger) => {
        const entry = ledger.entry(txId);
        return entry ? E.right(statusOf(ledger, entry)) : E.left(transactionNotFound(chain, txId));
      }),
    );
  }

  finalityOf(chain: string): E.Either<DomainError, FinalityRule> {
    return pipe(
      this.ledger(chain),
      E.map((ledger) => ledger.rule),
    );
  }

  explorerLink(chain: string, txId: string): E.Either<DomainError, string> {
    return pipe(
      resolveChain(chain, this.options.environment),
      E.map((info) => explorerTransactionUrl(info, txId)),
    );
  }

  async findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    return pipe(
      this.ledger(chain),
      E.chain((ledger) => {
        const entry = ledger.entry(txId);
        return entry ? E.right(incomingTransferOf(ledger, entry)) : E.left(transactionNotFound(chain, txId));
      }),
    );
  }

  async buildDepositTransaction(
    request: DepositTransactionRequest,
  ): Promise<E.Either<DomainError, UnsignedDepositTransaction>> {
    return pipe(
      this.ledger(request.chain),
      E.chain((ledger) => buildSandboxDeposit(ledger, request)),
    );
  }

  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    const ledger = this.ledger(request.chain);
    if (E.isLeft(ledger)) return ledger;
    const draft = await decodeSignedSandboxTransaction(ledger.right, request.signedTransaction);
    return pipe(
      draft,
      E.map((checked) => ({
        txId: ledger.right.entry(checked.txId)?.transaction.txId ?? this.accept(ledger.right, checked).txId,
      })),
    );
  }

  async fund(request: FaucetRequest): Promise<E.Either<DomainError, FaucetResult>> {
    return pipe(
      E.Do,
      E.bind('ledger', () => this.ledger(request.chain)),
      E.bind('plan', ({ ledger }) => faucetMints(ledger, request, this.options.environment)),
      E.map(({ ledger, plan: { grant, mints } }) => {
        const txIds = mints.map((mint) => this.accept(ledger, mint).txId);
        const units = ledger.balanceOf(grant.address, tokenKeyOf(ledger.chain, grant.token));
        const { chain } = ledger;
        return {
          chain: chain.name,
          txIds,
          balance: {
            chain: chain.name,
            address: grant.address,
            token: grant.token,
            baseUnits: units.toString(),
            decimals: grant.decimals,
            amount: grant.format(units),
          },
        };
      }),
    );
  }

  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    return pipe(
      this.ledger(request.chain),
      E.chainFirst((ledger) => knownToken(ledger.chain, request.token)),
      E.map((ledger) => nativeFeeOf(ledger.chain, sandboxFeeOf(ledger.chain, request.token.native))),
    );
  }
}
