import type { Money } from '@paykit/kernel';
import type { RunCard } from './run/cards.js';
import type { CheckoutRunInput } from './run/input.js';
import type { InputRequestRecord } from './run/interaction.js';
import type { RunMessage } from './run/messages.js';
import type { FailureReason, RunResult } from './run/outcomes.js';
import type { RunPolicy } from './run/policy.js';
import { type RunStatus, isFinalStatus } from './run/statuses.js';

export interface Lease {
  readonly runnerId: string;
  readonly until: string;
}

export interface PaymentAttempt {
  readonly attemptId: string;
  readonly total: Money;
  readonly totalInMaxCostCurrency: string;
  readonly startedAt: string;
}

export interface CheckoutRun {
  readonly exists: true;
  readonly runId: string;
  readonly projectId: string;
  readonly owner: string;
  readonly createdAt: string;
  readonly input: CheckoutRunInput;
  readonly policy: RunPolicy;
  /** Revision of the last event folded in: equal to the stream revision (the first event is 0). */
  readonly revision: number;
  readonly status: RunStatus;
  readonly lease: Lease | null;
  readonly takeovers: number;
  /** First claim: the wall-clock budget counts from here. */
  readonly startedAt: string | null;
  readonly browser: { readonly embedUrl: string } | null;
  /** Whether the current attempt opened a browser: decides which reason a lost runner gets. */
  readonly browserOpenedThisAttempt: boolean;
  readonly stepCount: number;
  readonly cancellationRequested: boolean;
  /** A payment submitted (or about to be) whose outcome is not known yet. */
  readonly payment: PaymentAttempt | null;
  /** The virtual card of each payment attempt that got one, by attempt id (kept after the run ends). */
  readonly cards: Readonly<Record<string, RunCard>>;
  readonly pendingRequestId: string | null;
  readonly inputRequests: Readonly<Record<string, InputRequestRecord>>;
  readonly messages: readonly RunMessage[];
  readonly reason: FailureReason | null;
  readonly result: RunResult | null;
  readonly endedAt: string | null;
}

export interface NoRun {
  readonly exists: false;
}

export type CheckoutRunState = NoRun | CheckoutRun;

export const initialState = (): CheckoutRunState => ({ exists: false });

/** Whether the caller (a subject under a project) may see this run: one user never sees another's. */
export const belongsTo = (run: CheckoutRun, caller: { projectId: string; subject: string }): boolean =>
  run.projectId === caller.projectId && run.owner === caller.subject;

export const pendingRequest = (run: CheckoutRun): InputRequestRecord | null =>
  run.pendingRequestId === null ? null : (run.inputRequests[run.pendingRequestId] ?? null);

export const findMessage = (run: CheckoutRun, messageId: string): RunMessage | undefined =>
  run.messages.find((message) => message.id === messageId);

/**
 * Cards the issuer must close: open cards whose attempt is over (not charged, or the run ended).
 * A card is issued only for the attempt in flight, so every ending leaves its card here until closed.
 */
export const cardsToClose = (run: CheckoutRun): readonly RunCard[] =>
  Object.values(run.cards).filter(
    (card) => card.closedAt === null && (isFinalStatus(run.status) || run.payment?.attemptId !== card.attemptId),
  );
