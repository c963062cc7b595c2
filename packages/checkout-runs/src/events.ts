import type { DomainEvent, Money } from '@paykit/kernel';
import type { RunCardAuthorization, RunCardDetails } from './run/cards.js';
import type { CheckoutRunInput } from './run/input.js';
import type { InputRequest } from './run/interaction.js';
import type { InputResponsePart } from './run/messages.js';
import type { BlockedResult, CancelledResult, FailureReason, SucceededResult } from './run/outcomes.js';
import type { RunPolicy } from './run/policy.js';

/** Every event of a run's stream; each one raises the run's revision. Times are UTC ISO strings. */
export type CheckoutRunCreated = DomainEvent<
  'CheckoutRunCreated',
  {
    readonly runId: string;
    readonly projectId: string;
    readonly owner: string;
    readonly input: CheckoutRunInput;
    readonly policy: RunPolicy;
    readonly createdAt: string;
  }
>;
export type CheckoutRunClaimed = DomainEvent<
  'CheckoutRunClaimed',
  { readonly runnerId: string; readonly leaseUntil: string; readonly attempt: number; readonly claimedAt: string }
>;
export type CheckoutRunLeaseRenewed = DomainEvent<
  'CheckoutRunLeaseRenewed',
  { readonly runnerId: string; readonly leaseUntil: string; readonly renewedAt: string }
>;
/** A runner vanished and the run went back to the queue; a pending question is withdrawn. */
export type CheckoutRunRequeued = DomainEvent<
  'CheckoutRunRequeued',
  { readonly previousRunnerId: string; readonly takeover: number; readonly requeuedAt: string }
>;
export type CheckoutRunStepRecorded = DomainEvent<
  'CheckoutRunStepRecorded',
  {
    readonly stepNumber: number;
    readonly action: string;
    readonly url: string;
    readonly screenshotRef: string | null;
    readonly recordedAt: string;
  }
>;
export type CheckoutRunBrowserAttached = DomainEvent<
  'CheckoutRunBrowserAttached',
  { readonly embedUrl: string; readonly attachedAt: string }
>;
export type CheckoutRunBrowserDetached = DomainEvent<'CheckoutRunBrowserDetached', { readonly detachedAt: string }>;
export type CheckoutRunInputRequested = DomainEvent<
  'CheckoutRunInputRequested',
  {
    readonly messageId: string;
    readonly requestId: string;
    readonly request: InputRequest;
    readonly requestedAt: string;
  }
>;
export type CheckoutRunInputAnswered = DomainEvent<
  'CheckoutRunInputAnswered',
  {
    readonly messageId: string;
    /** The answer as the messages show it (no secret). */
    readonly response: InputResponsePart;
    readonly secretRef: string | null;
    readonly answeredAt: string;
  }
>;
export type CheckoutRunMessagePosted = DomainEvent<
  'CheckoutRunMessagePosted',
  { readonly messageId: string; readonly role: 'user' | 'agent'; readonly text: string; readonly postedAt: string }
>;
export type CheckoutRunPaymentStarted = DomainEvent<
  'CheckoutRunPaymentStarted',
  {
    readonly attemptId: string;
    readonly total: Money;
    readonly totalInMaxCostCurrency: string;
    readonly startedAt: string;
  }
>;
export type CheckoutRunPaymentNotCharged = DomainEvent<
  'CheckoutRunPaymentNotCharged',
  { readonly attemptId: string; readonly recordedAt: string }
>;
export type CheckoutRunCardIssued = DomainEvent<
  'CheckoutRunCardIssued',
  { readonly attemptId: string; readonly card: RunCardDetails; readonly issuedAt: string }
>;
/** Carries the card's id and last four digits, so the webhook it raises needs no other event. */
export type CheckoutRunCardAuthorizationRecorded = DomainEvent<
  'CheckoutRunCardAuthorizationRecorded',
  {
    readonly attemptId: string;
    readonly cardId: string;
    readonly last4: string;
    readonly authorization: RunCardAuthorization;
    readonly recordedAt: string;
  }
>;
export type CheckoutRunCardClosed = DomainEvent<
  'CheckoutRunCardClosed',
  { readonly attemptId: string; readonly cardId: string; readonly closedAt: string }
>;
export type CheckoutRunCancellationRequested = DomainEvent<
  'CheckoutRunCancellationRequested',
  { readonly requestedAt: string }
>;
export type CheckoutRunSucceeded = DomainEvent<
  'CheckoutRunSucceeded',
  { readonly result: SucceededResult; readonly succeededAt: string }
>;
export type CheckoutRunBlocked = DomainEvent<
  'CheckoutRunBlocked',
  { readonly result: BlockedResult; readonly blockedAt: string }
>;
export type CheckoutRunFailed = DomainEvent<
  'CheckoutRunFailed',
  { readonly reason: FailureReason; readonly failedAt: string }
>;
export type CheckoutRunCancelled = DomainEvent<
  'CheckoutRunCancelled',
  { readonly result: CancelledResult; readonly cancelledAt: string }
>;

export type CheckoutRunEvent =
  | CheckoutRunCreated
  | CheckoutRunClaimed
  | CheckoutRunLeaseRenewed
  | CheckoutRunRequeued
  | CheckoutRunStepRecorded
  | CheckoutRunBrowserAttached
  | CheckoutRunBrowserDetached
  | CheckoutRunInputRequested
  | CheckoutRunInputAnswered
  | CheckoutRunMessagePosted
  | CheckoutRunPaymentStarted
  | CheckoutRunPaymentNotCharged
  | CheckoutRunCardIssued
  | CheckoutRunCardAuthorizationRecorded
  | CheckoutRunCardClosed
  | CheckoutRunCancellationRequested
  | CheckoutRunSucceeded
  | CheckoutRunBlocked
  | CheckoutRunFailed
  | CheckoutRunCancelled;

/** Every event type starts with this: a subscription filter selects the category with it. */
export const CHECKOUT_RUN_EVENT_TYPE_PREFIX = 'CheckoutRun';
