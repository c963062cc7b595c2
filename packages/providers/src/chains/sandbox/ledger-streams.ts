import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import type { Clock, DomainError } from '@paykit/kernel';
import type { Environment } from '../../environment.js';
import { CoalescedRuns } from '../../state/coalesced-runs.js';
import { sandboxEnvelope } from '../../state/provider-streams.js';
import { KeyedLock } from '../evm/keyed-lock.js';
import type { ChainLedger } from './chain-ledger.js';
import type { LedgerTransaction, TransactionDraft } from './ledger-transaction.js';
import { sandboxIdOf } from './transaction-ids.js';

export const TRANSACTION_ACCEPTED = 'SandboxTransactionAccepted';

/** The stream of one sandbox chain: every transaction it accepted, in order (revision = seq). */
export const sandboxChainStream = (environment: Environment, chain: string): string => `sandboxChain-${environment}-${chain}`;

/** What a write decided: transactions to accept (none: answer from what is there), and the answer once they are. */
export interface LedgerDecision<A> {
  readonly drafts: readonly TransactionDraft[];
  readonly answer: (accepted: readonly LedgerTransaction[]) => A;
}

/** The sandbox is busy beyond reason (instances racing for one chain): retryable. */
export class LedgerContention extends Error {}

const MAX_ATTEMPTS = 16;

interface ChainView {
  readonly ledger: ChainLedger;
  readonly stream: string;
  /** The last revision folded in; -1 before the first. */
  revision: bigint;
  readonly catchUp: CoalescedRuns;
}

/**
 * The sandbox chains of one environment as event streams, one per chain, and an in-memory view
 * of each that catches up from its last revision before every read and write: an instance
 * reads its own writes and sees every other instance's (docs/adr/0430). Writes go through
 * `transact`: decide on the caught-up view, append at the revision read (so accepts are totally
 * ordered), and on a conflict catch up and decide again. Store failures are thrown
 * (EventStoreUnavailableError); the gateway answers them as `chain_unavailable`.
 */
export class LedgerStreams {
  private readonly views = new Map<string, ChainView>();
  private readonly writes = new KeyedLock();
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
      const view: ChainView = { ledger, stream, revision: -1n, catchUp: new CoalescedRuns(() => this.pull(view)) };
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

  async transact<A>(
    chain: string,
    decide: (ledger: ChainLedger) => Promise<E.Either<DomainError, LedgerDecision<A>>>,
  ): Promise<E.Either<DomainError, A> | undefined> {
    const view = this.views.get(chain);
    if (!view) return undefined;
    await this.ready();
    return this.writes.run(chain, async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await view.catchUp.run();
        const now = this.options.clock.now();
        view.ledger.advance(now.getTime());
        const decision = await decide(view.ledger);
        if (E.isLeft(decision)) return decision;
        const { drafts, answer } = decision.right;
        if (drafts.length === 0) return E.right(answer([]));
        const expected = view.revision;
        const stamped = drafts.map((draft, index) => stamp(view.ledger, draft, now, Number(expected) + 1 + index));
        try {
          await this.options.store.appendToStream(
            view.stream,
            stamped.map((transaction) => sandboxEnvelope({ type: TRANSACTION_ACCEPTED, data: transaction }, 'chains', now)),
            { expectedRevision: expected < 0n ? 'no_stream' : expected },
          );
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) continue;
          throw error;
        }
        stamped.forEach((transaction, index) => this.fold(view, expected + 1n + BigInt(index), transaction));
        view.ledger.advance(now.getTime());
        return E.right(answer(stamped));
      }
      throw new LedgerContention(`the sandbox chain ${chain} is busy`);
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

/** A draft with what the ledger assigns: its sequence, block, time, and id unless it has one. */
const stamp = (ledger: ChainLedger, draft: TransactionDraft, now: Date, seq: number): LedgerTransaction => {
  const { chain } = ledger;
  const submittedAt = now.toISOString();
  const seed = `paykit:sandbox:tx:${chain.environment}:${chain.name}:${seq}:${submittedAt}:${draft.from}:${draft.to}:${draft.token}:${draft.baseUnits}`;
  return {
    ...draft,
    chain: chain.name,
    seq,
    txId: draft.txId ?? sandboxIdOf(chain.chainType, seed),
    block: ledger.blockFor(draft.kind, now.getTime()),
    submittedAt,
  };
};
