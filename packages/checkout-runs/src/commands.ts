import type { Money } from '@paykit/kernel';
import type { RunCardAuthorization, RunCardDetails } from './run/cards.js';
import type { CheckoutRunInput } from './run/input.js';
import type { InputAction, InputInteraction } from './run/interaction.js';
import type { BlockedCode, FailureReason, Purchase } from './run/outcomes.js';
import type { RunPolicy } from './run/policy.js';

/**
 * Commands carry the time (`now`) and every identifier they need: the decider reads no
 * clock and makes no ids. Commands from a runner name it (`runnerId`) and are refused unless
 * it holds the lease.
 */
type Command<Type extends string, Data> = { readonly type: Type; readonly data: Data };

export type CreateRun = Command<
  'Create',
  {
    readonly runId: string;
    readonly projectId: string;
    /** The subject the run belongs to (a user, or the fixed service subject). */
    readonly owner: string;
    readonly input: CheckoutRunInput;
    readonly policy?: Partial<RunPolicy>;
    readonly now: Date;
  }
>;

export type ClaimRun = Command<'Claim', { readonly runnerId: string; readonly leaseUntil: Date; readonly now: Date }>;
export type RenewLease = Command<
  'RenewLease',
  { readonly runnerId: string; readonly leaseUntil: Date; readonly now: Date }
>;
/** Raised by a sweeper when a lease's time is up: the runner is presumed gone. */
export type LeaseExpired = Command<'LeaseExpired', { readonly now: Date }>;
/** Raised by a sweeper: the run's wall-clock budget may be spent. */
export type DeadlinePassed = Command<'DeadlinePassed', { readonly now: Date }>;

export type RecordStep = Command<
  'RecordStep',
  {
    readonly runnerId: string;
    readonly action: string;
    readonly url: string;
    readonly screenshotRef?: string;
    readonly now: Date;
  }
>;
export type AttachBrowser = Command<
  'AttachBrowser',
  { readonly runnerId: string; readonly embedUrl: string; readonly now: Date }
>;
export type DetachBrowser = Command<'DetachBrowser', { readonly runnerId: string; readonly now: Date }>;

export type RequestInput = Command<
  'RequestInput',
  {
    readonly runnerId: string;
    readonly messageId: string;
    readonly requestId: string;
    readonly question: string;
    readonly interaction: InputInteraction;
    readonly expiresAt: Date;
    readonly now: Date;
  }
>;
/** The user's `input_response` message. A protected submit carries `secretRef`, never the secret. */
export type AnswerInput = Command<
  'AnswerInput',
  {
    readonly messageId: string;
    readonly requestId: string;
    readonly action: InputAction;
    readonly value?: unknown;
    readonly text?: string;
    readonly secretRef?: string;
    readonly now: Date;
  }
>;
export type ExpireInput = Command<'ExpireInput', { readonly requestId: string; readonly now: Date }>;

export type PostMessage = Command<
  'PostMessage',
  { readonly messageId: string; readonly text: string; readonly now: Date }
>;
export type PostAgentMessage = Command<
  'PostAgentMessage',
  { readonly runnerId: string; readonly messageId: string; readonly text: string; readonly now: Date }
>;

/**
 * Declared before the runner submits a payment. The decider refuses it above maxCost, and
 * from here until the attempt is resolved an unconfirmed ending is `reconciliation_required`.
 */
export type StartPayment = Command<
  'StartPayment',
  {
    readonly runnerId: string;
    readonly attemptId: string;
    /** The merchant's final total, in the merchant's currency. */
    readonly total: Money;
    /** The same total converted into maxCost's currency (the pricing port's figure). */
    readonly totalInMaxCostCurrency: string;
    readonly now: Date;
  }
>;
/** The attempt ended with nothing charged (declined before capture, aborted before submit). */
export type RecordPaymentNotCharged = Command<
  'RecordPaymentNotCharged',
  { readonly runnerId: string; readonly attemptId: string; readonly now: Date }
>;

/** The virtual card the issuer gave the payment attempt in flight (capped at its total). */
export type RecordCardIssued = Command<
  'RecordCardIssued',
  { readonly runnerId: string; readonly attemptId: string; readonly card: RunCardDetails; readonly now: Date }
>;
/**
 * An authorization the issuer reports on an attempt's card. A fact of the issuer, not the runner's
 * progress: accepted from whoever relays it (the runner, the sweeper), after the run ended too.
 */
export type RecordCardAuthorization = Command<
  'RecordCardAuthorization',
  { readonly attemptId: string; readonly authorization: RunCardAuthorization; readonly now: Date }
>;
/** The issuer closed the attempt's card: it can pay nothing more. Accepted after the run ended too. */
export type RecordCardClosed = Command<'RecordCardClosed', { readonly attemptId: string; readonly now: Date }>;

export type Succeed = Command<
  'Succeed',
  { readonly runnerId: string; readonly summary: string; readonly purchase: Purchase; readonly now: Date }
>;
export type Block = Command<
  'Block',
  { readonly runnerId: string; readonly code: BlockedCode; readonly summary: string; readonly now: Date }
>;
/** `runnerId` absent: the system fails the run (e.g. accounting unavailable before a claim). */
export type Fail = Command<'Fail', { readonly runnerId?: string; readonly reason: FailureReason; readonly now: Date }>;
/** The user's cancel. */
export type Cancel = Command<'Cancel', { readonly now: Date }>;
/** The runner saw the cancellation mark and stopped between steps. */
export type CompleteCancellation = Command<
  'CompleteCancellation',
  { readonly runnerId: string; readonly summary?: string; readonly now: Date }
>;

export type CheckoutRunCommand =
  | CreateRun
  | ClaimRun
  | RenewLease
  | LeaseExpired
  | DeadlinePassed
  | RecordStep
  | AttachBrowser
  | DetachBrowser
  | RequestInput
  | AnswerInput
  | ExpireInput
  | PostMessage
  | PostAgentMessage
  | StartPayment
  | RecordPaymentNotCharged
  | RecordCardIssued
  | RecordCardAuthorization
  | RecordCardClosed
  | Succeed
  | Block
  | Fail
  | Cancel
  | CompleteCancellation;
