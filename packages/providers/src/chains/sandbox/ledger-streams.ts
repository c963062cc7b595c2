import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import type { Clock, DomainError } from '@paykit/kernel';
import type { Environment } from '../../environment.js';
import { CoalescedRuns } from '../../state/coalesced-runs.js';
import { sandboxEnvelope } from '../../state/provider-streams.js';
import type { ChainLedger, LedgerReader } from './chain-ledger.js';
import { LedgerBatch } from './ledger-batch.js';
import type { LedgerTransaction, TransactionDraft } from './ledger-transaction.js';

export const TRANSACTION_ACCEPTED = 'SandboxTransactionAccepted';

/** The stream of one sandbox chain: every transaction it accepted, in order (revision = seq). */
export const sandboxChainStream = (environment: Environment, chain: string): string =>
  `sandboxChain-${environment}-${chain}`;

/** What a write decided: transactions to accept (none: answer from what is there), and the answer once they are. */
export interface LedgerDecision<A> {
  readonly drafts: readonly TransactionDraft[];
  readonly answer: (accepted: readonly LedgerTransaction[]) => A;
}

export type LedgerDecide<A> = (ledger: LedgerReader) => Promise<E.Either<DomainError, LedgerDecision<A>>>;

/** The sandbox is busy beyond reason (instances racing for one chain): retryable. */
export class LedgerContention extends Error {}

const MAX_ATTEMPTS = 16;
/** Writes decided together and appended at once (a group commit). */
const MAX_BATCH = 100;

interface Write {
  readonly decide: LedgerDecide<unknown>;
  readonly resolve: (result: E.Either<DomainError, unknown>) => void;
  readonly reject: (error: unknown) => void;
}

interface ChainView {
  readonly ledger: ChainLedger;
  readonly stream: string;
  /** The last revision folded in; -1 before the first. */
  revision: bigint;
  readonly catchUp: CoalescedRuns;
  readonly queue: Write[];
  writing: boolean;
}

/**
 * The sandbox chains of one environment as event streams, one per chain, and an in-memory view
 * of each that catches up from its last revision before every read and write: an instance
 * reads its own writes and sees every other instance's, and a read costs what was appended
 * since the last one (docs/adr/0430). Writes of one chain are decided one after another on the
 * caught-up view and appended together at the revision read, so accepts are totally ordered and
 * concurrent writes share one append; on a conflict (another instance appended first) the batch
 * catches up and decides again. Store failures are thrown (EventStoreUnavailableError).
 */
export class LedgerStreams {
  private readonly views = new Map<string, ChainView>();
  private started: Promise<void> | null = null;

  constructor(
    private readonly options: {
      readonly store: EventStore;
      readonly environment: Environment;
      readonly clock: Clock;
      readonly ledgers: readonly ChainLedger[];
      /** Runs once before the first read or write (the import of an earlier journal); retried if it fails. */
      readonly beforeFirstUse?: () => Promise<void>;
    },
  ) {
    for (const ledger of options.ledgers) {
      const stream = sandboxChainStream(options.environment, ledger.chain.name);
      const view: ChainView = {
        ledger,
        stream,
        revision: -1n,
        catchUp: new CoalescedRuns(() => this.pull(view)),
        queue: [],
        writing: false,
      };
      this.views.set(ledger.chain.name, view);
    }
  }

  /** The chain's ledger without catching up: for what does not depend on its transactions (rules, chain info). */
  peek(chain: string): ChainLedger | undefined {
    return this.views.get(chain)?.ledger;
  }

  /** The chain's ledger with every transaction appended before this call and the blocks due now. */
  async current(chain: string): Promise<ChainLedger | undefined> {
    const view = this.views.get(chain);
    if (!view) return undefined;
    await this.ready();
    await view.catchUp.run();
    view.ledger.advance(this.options.clock.now().getTime());
    return view.ledger;
  }

  /** Accepts what `decide` drafts on the caught-up ledger; undefined for a chain this environment does not have. */
  async transact<A>(chain: string, decide: LedgerDecide<A>): Promise<E.Either<DomainError, A> | undefined> {
    const view = this.views.get(chain);
    if (!view) return undefined;
    await this.ready();
    return new Promise<E.Either<DomainError, A>>((resolve, reject) => {
      view.queue.push({ decide, resolve: resolve as Write['resolve'], reject });
      void this.drain(view);
    });
  }

  private ready(): Promise<void> {
    const first = this.options.beforeFirstUse;
    if (!first) return Promise.resolve();
    this.started ??= first().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /** One batch at a time per chain: the writes queued meanwhile make the next one. */
  private async drain(view: ChainView): Promise<void> {
    if (view.writing) return;
    view.writing = true;
    try {
      while (view.queue.length > 0) {
        const batch = view.queue.splice(0, MAX_BATCH);
        await this.write(view, batch).catch((error: unknown) => {
          for (const write of batch) write.reject(error);
        });
      }
    } finally {
      view.writing = false;
    }
  }

  private async write(view: ChainView, writes: readonly Write[]): Promise<void> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await view.catchUp.run();
      const now = this.options.clock.now();
      const expected = view.revision;
      const batch = new LedgerBatch(view.ledger, view.ledger.advance(now.getTime()), now, Number(expected) + 1);
      const decided: { readonly write: Write; readonly result: E.Either<DomainError, () => unknown> }[] = [];
      for (const write of writes) {
        const decision = await write.decide(batch);
        decided.push({
          write,
          result: E.map(({ drafts, answer }: LedgerDecision<unknown>) => {
            const accepted = batch.add(drafts);
            return () => answer(accepted);
          })(decision),
        });
      }
      if (batch.transactions.length > 0) {
        try {
          await this.options.store.appendToStream(
            view.stream,
            batch.transactions.map((transaction) =>
              sandboxEnvelope({ type: TRANSACTION_ACCEPTED, data: transaction }, 'chains', now),
            ),
            { expectedRevision: expected < 0n ? 'no_stream' : expected },
          );
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) continue;
          throw error;
        }
        batch.transactions.forEach((transaction, index) => this.fold(view, expected + 1n + BigInt(index), transaction));
        view.ledger.advance(now.getTime());
      }
      batch.commit();
      for (const { write, result } of decided) write.resolve(E.map((answer: () => unknown) => answer())(result));
      return;
    }
    throw new LedgerContention(`the sandbox chain ${view.ledger.chain.name} is busy`);
  }

  /** Folds in what was appended after the view's revision (by any instance). */
  private async pull(view: ChainView): Promise<void> {
    const events: RecordedEvent[] = [];
    for await (const event of this.options.store.readStream(view.stream, { fromRevision: view.revision + 1n })) {
      events.push(event);
    }
    for (const event of events) {
      if (event.type === TRANSACTION_ACCEPTED) this.fold(view, event.revision, event.data as LedgerTransaction);
    }
  }

  /** Each revision once, in order: a write's own events may already have come in by a concurrent catch-up. */
  private fold(view: ChainView, revision: bigint, transaction: LedgerTransaction): void {
    if (revision !== view.revision + 1n) return;
    view.ledger.accept({ ...transaction, seq: Number(revision) });
    view.revision = revision;
  }
}
