import type { ReconciliationExceptionKind } from './exception-kinds.js';

/**
 * One day of one group: orders of a kind, paid by one method, on one chain, in one currency.
 * Each flow counts on the day it happened (orders and quotes on creation, payments and their
 * fees when received, deliveries when started / completed / failed, refunds when refunded).
 * Amounts are exact decimal strings: quoted, received, fees and refunds in `currency` (what the
 * buyer pays); offramp payouts in `payoutCurrency` (the fiat paid out).
 */
export interface ReconciliationRow {
  readonly day: string;
  readonly kind: 'onramp' | 'offramp';
  readonly paymentMethod: string;
  readonly chain: string | null;
  readonly currency: string;
  readonly payoutCurrency: string | null;
  readonly orders: number;
  readonly quotedAmount: string;
  readonly payments: number;
  readonly receivedAmount: string;
  readonly fees: string;
  readonly deliveriesStarted: number;
  readonly deliveriesCompleted: number;
  readonly deliveriesFailed: number;
  readonly payoutSentAmount: string;
  readonly payoutSettledAmount: string;
  readonly refunds: number;
  readonly refundedAmount: string;
}

export interface ReconciliationException {
  readonly kind: ReconciliationExceptionKind;
  /** The day of the fact that raised it (the deposit, failure, second delivery, payment or payout). */
  readonly day: string;
  readonly orderId: string | null;
  readonly chain: string | null;
  readonly txId: string | null;
  /** A sentence for the operator. */
  readonly message: string;
  readonly details: Readonly<Record<string, string>>;
}

/** Sums over the whole range, per currency the buyers paid in. */
export interface CurrencyTotal {
  readonly currency: string;
  readonly orders: number;
  readonly quotedAmount: string;
  readonly payments: number;
  readonly receivedAmount: string;
  readonly fees: string;
  readonly refunds: number;
  readonly refundedAmount: string;
}

/**
 * What the card issuer authorized on one run's virtual card in the range (docs/adr/0226): its
 * cap (the total the run declared), the approved sum, and how many were approved and declined.
 * `runId` is null for a card no run recorded (its authorizations are exceptions too).
 */
export interface AgentCardSpend {
  readonly runId: string | null;
  readonly cardId: string;
  readonly last4: string | null;
  readonly currency: string;
  readonly cap: string | null;
  readonly authorized: string;
  readonly approvals: number;
  readonly declines: number;
}

export interface ReconciliationReport {
  readonly from: string;
  readonly to: string;
  /** The instant the time-based exceptions were judged at. */
  readonly asOf: string;
  readonly settlementTimeoutMinutes: number;
  readonly rows: readonly ReconciliationRow[];
  readonly totals: readonly CurrencyTotal[];
  readonly exceptionCounts: Readonly<Record<ReconciliationExceptionKind, number>>;
  readonly exceptions: readonly ReconciliationException[];
  readonly agentCardSpend: readonly AgentCardSpend[];
}

/** A deposit received on chain, with its transaction id. */
export interface ReconciliationDeposit {
  readonly day: string;
  readonly chain: string;
  readonly txId: string;
  readonly orderId: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly memo: string | null;
  /** The order recorded it as its payment. */
  readonly recorded: boolean;
  /** The deposit observer saw it final on chain. */
  readonly observed: boolean;
}
