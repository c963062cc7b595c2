import { EventStoreUnavailableError, type EventStore, MemoryEventStore } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Clock, DomainError } from '@paykit/kernel';
import { chainsOf, explorerTransactionUrl, findChain, normalizeAddress, type ChainInfo } from '@paykit/wallets';
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
import { chainNotSupported, chainUnavailable, transactionNotFound } from '../chain-errors.js';
import { checkAddress, knownToken, resolveChain, tokenKeyOf } from '../chain-request.js';
import { nativeFeeOf } from '../fee-amount.js';
import { sandboxFinalityOf } from '../finality.js';
import type { IncomingTransferFeed, TransfersIntoPage, TransfersIntoRequest } from '../incoming-transfer-feed.js';
import { ChainLedger, type LedgerReader } from './chain-ledger.js';
import { importLegacyJournal } from './legacy-journal.js';
import { LedgerContention, type LedgerDecision, LedgerStreams } from './ledger-streams.js';
import type { LedgerTransaction } from './ledger-transaction.js';
import { incomingTransferOf, statusOf } from './ledger-views.js';
import { sandboxFeeOf } from './sandbox-chain-params.js';
import { faucetMints } from './sandbox-faucet.js';
import { buildSandboxDeposit, decodeSignedSandboxTransaction } from './sandbox-signed-transactions.js';
import { planSandboxTransfer } from './sandbox-transfer.js';

export interface ChainTiming {
  readonly blockTimeMs?: number;
  readonly confirmations?: number;
}

export interface SandboxChainGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  /**
   * Where accepted transactions are kept: one stream per chain, shared by every gateway on the
   * same store (every API instance on one EventStoreDB). A memory store of its own by default.
   */
  readonly store?: EventStore;
  /** A journal file an earlier version kept (`chain-sandbox-<env>.jsonl`): imported into the store once, before the first call. */
  readonly legacyJournalPath?: string;
  /** Overrides of the chains' block times and confirmations: for every chain, then per chain name. */
  readonly timing?: ChainTiming & { readonly chains?: Readonly<Record<string, ChainTiming>> };
}

/**
 * The sandbox chains: one ledger per chain of the environment (see chain-ledger.ts), blocks on
 * the injected clock, the staging faucet. What each chain accepted is kept in the event store
 * (see ledger-streams.ts); balances, blocks and outcomes follow from it and the clock.
 */
export class SandboxChainGateway implements ChainGateway, IncomingTransferFeed {
  private readonly ledgers: LedgerStreams;

  constructor(private readonly options: SandboxChainGatewayOptions) {
    const store = options.store ?? new MemoryEventStore();
    const { legacyJournalPath } = options;
    this.ledgers = new LedgerStreams({
      store,
      environment: options.environment,
      clock: options.clock,
      ledgers: chainsOf(options.environment).map((chain) => new ChainLedger(chain, this.ruleOf(chain))),
      ...(legacyJournalPath && {
        beforeFirstUse: () =>
          importLegacyJournal({
            store,
            environment: options.environment,
            path: legacyJournalPath,
            clock: options.clock,
          }),
      }),
    });
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

  /** Runs one call on the chain's caught-up ledger; the store's outages answer `chain_unavailable`. */
  private async read<A>(
    chain: string,
    work: (ledger: ChainLedger) => E.Either<DomainError, A> | Promise<E.Either<DomainError, A>>,
  ) {
    try {
      const ledger = await this.ledgers.current(chain);
      return ledger ? await work(ledger) : E.left(chainNotSupported(chain, this.options.environment));
    } catch (error) {
      return unavailable(chain, error);
    }
  }

  /** Accepts what `decide` drafts on the caught-up ledger (see LedgerStreams.transact). */
  private async write<A>(
    chain: string,
    decide: (
      ledger: LedgerReader,
    ) => Promise<E.Either<DomainError, LedgerDecision<A>>> | E.Either<DomainError, LedgerDecision<A>>,
  ): Promise<E.Either<DomainError, A>> {
    try {
      const result = await this.ledgers.transact(chain, async (ledger) => decide(ledger));
      return result ?? E.left(chainNotSupported(chain, this.options.environment));
    } catch (error) {
      return unavailable(chain, error);
    }
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    return this.read(request.chain, (ledger) =>
      pipe(
        E.Do,
        E.bind('address', () => checkAddress(ledger.chain, 'address', request.address)),
        E.bind('info', () => knownToken(ledger.chain, request.token)),
        E.map(({ address, info }) => ({
          chain: ledger.chain.name,
          address,
          token: request.token,
          baseUnits: ledger.balanceOf(address, tokenKeyOf(ledger.chain, request.token)).toString(),
          decimals: info.decimals,
        })),
      ),
    );
  }

  async submitTransfer(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    return this.write(request.chain, (ledger) => {
      const earlier = request.idempotencyKey ? ledger.txIdForKey(request.idempotencyKey) : undefined;
      const entry = earlier ? ledger.entry(earlier) : undefined;
      if (entry) return E.right({ drafts: [], answer: () => this.submitted(ledger.chain, entry.transaction) });
      return pipe(
        planSandboxTransfer(ledger.chain, request),
        E.map((draft) => ({
          drafts: [draft],
          answer: ([accepted]) => this.submitted(ledger.chain, accepted as LedgerTransaction),
        })),
      );
    });
  }

  private submitted(chain: ChainInfo, transaction: LedgerTransaction): SubmitTransferResult {
    return {
      outcome: 'submitted',
      txId: transaction.txId,
      explorerLink: explorerTransactionUrl(chain, transaction.txId),
      ...(transaction.call && { call: transaction.call }),
      submittedAt: transaction.submittedAt,
    };
  }

  async getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    return this.read(chain, (ledger) => {
      const entry = ledger.entry(txId);
      return entry ? E.right(statusOf(ledger, entry)) : E.left(transactionNotFound(chain, txId));
    });
  }

  finalityOf(chain: string): E.Either<DomainError, FinalityRule> {
    const ledger = this.ledgers.peek(chain);
    return ledger ? E.right(ledger.rule) : E.left(chainNotSupported(chain, this.options.environment));
  }

  explorerLink(chain: string, txId: string): E.Either<DomainError, string> {
    return pipe(
      resolveChain(chain, this.options.environment),
      E.map((info) => explorerTransactionUrl(info, txId)),
    );
  }

  async findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    return this.read(chain, (ledger) => {
      const entry = ledger.entry(txId);
      return entry ? E.right(incomingTransferOf(ledger, entry)) : E.left(transactionNotFound(chain, txId));
    });
  }

  /**
   * The feed of ADR 0611: the chain's transfers into the watched addresses, in acceptance order,
   * each with its status now; the cursor is the transaction's sequence on its chain.
   */
  async transfersInto(request: TransfersIntoRequest): Promise<E.Either<DomainError, TransfersIntoPage>> {
    const chain = findChain(request.chain, this.options.environment);
    if (!chain) return E.left(chainNotSupported(request.chain, this.options.environment));
    return this.read(chain.name, (ledger) => {
      const watched = new Set(request.addresses.map((address) => normalizeAddress(chain.chainType, address)));
      const transactions = ledger.transactions();
      const transfers: TransfersIntoPage['transfers'][number][] = [];
      for (
        let seq = request.after === null ? 0 : Number(request.after) + 1;
        seq < transactions.length && transfers.length < request.limit;
        seq++
      ) {
        const transaction = transactions[seq] as LedgerTransaction;
        if (transaction.kind !== 'transfer' || !watched.has(normalizeAddress(chain.chainType, transaction.to)))
          continue;
        const entry = ledger.entry(transaction.txId);
        if (entry) transfers.push({ ...incomingTransferOf(ledger, entry), cursor: String(seq) });
      }
      return E.right({ transfers });
    });
  }

  async buildDepositTransaction(
    request: DepositTransactionRequest,
  ): Promise<E.Either<DomainError, UnsignedDepositTransaction>> {
    return this.read(request.chain, (ledger) => buildSandboxDeposit(ledger, request));
  }

  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    return this.write(request.chain, async (ledger) =>
      pipe(
        await decodeSignedSandboxTransaction(ledger, request.signedTransaction),
        E.map((checked) =>
          ledger.entry(checked.txId)
            ? { drafts: [], answer: () => ({ txId: checked.txId }) }
            : { drafts: [checked], answer: ([accepted]) => ({ txId: (accepted as LedgerTransaction).txId }) },
        ),
      ),
    );
  }

  async fund(request: FaucetRequest): Promise<E.Either<DomainError, FaucetResult>> {
    return this.write(request.chain, (ledger) =>
      pipe(
        faucetMints(ledger, request, this.options.environment),
        E.map(({ grant, mints }) => ({
          drafts: mints,
          answer: (accepted) => {
            const units = ledger.balanceOf(grant.address, tokenKeyOf(ledger.chain, grant.token));
            const { chain } = ledger;
            return {
              chain: chain.name,
              txIds: accepted.map((transaction) => transaction.txId),
              balance: {
                chain: chain.name,
                address: grant.address,
                token: grant.token,
                baseUnits: units.toString(),
                decimals: grant.decimals,
                amount: grant.format(units),
              },
            };
          },
        })),
      ),
    );
  }

  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    const ledger = this.ledgers.peek(request.chain);
    if (!ledger) return E.left(chainNotSupported(request.chain, this.options.environment));
    return pipe(
      knownToken(ledger.chain, request.token),
      E.map(() => nativeFeeOf(ledger.chain, sandboxFeeOf(ledger.chain, request.token.native))),
    );
  }
}

/** The store could not be reached, or instances raced for one chain beyond reason: the caller may retry. */
const unavailable = (chain: string, error: unknown): E.Either<DomainError, never> => {
  if (error instanceof EventStoreUnavailableError) {
    return E.left(chainUnavailable(chain, `the sandbox ledger of ${chain} could not be reached; retry`));
  }
  if (error instanceof LedgerContention) return E.left(chainUnavailable(chain, error.message));
  throw error;
};
