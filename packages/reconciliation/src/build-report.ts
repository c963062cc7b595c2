import { Decimal } from '@paykit/kernel';
import { RECONCILIATION_EXCEPTION_KINDS, type ReconciliationExceptionKind } from './exception-kinds.js';
import type { CardAuthorizationRow, DailyRecord, ExceptionRecordRow, OpenItem } from './reconciliation-read-model.js';
import type {
  AgentCardSpend,
  CurrencyTotal,
  ReconciliationException,
  ReconciliationReport,
  ReconciliationRow,
} from './reconciliation-report.js';
import { dayOf } from './utc-time.js';

export interface ReportInput {
  readonly from: string;
  readonly to: string;
  readonly now: Date;
  readonly settlementTimeoutMinutes: number;
  readonly daily: readonly DailyRecord[];
  readonly exceptions: readonly ExceptionRecordRow[];
  readonly undelivered: readonly OpenItem[];
  readonly payoutsPending: readonly OpenItem[];
  readonly cardAuthorizations: readonly CardAuthorizationRow[];
}

const add = (a: string, b: string): string => new Decimal(a).plus(b).toFixed();

const GROUP_KEY: readonly (keyof DailyRecord)[] = [
  'day',
  'kind',
  'payment_method',
  'chain',
  'currency',
  'payout_currency',
];
const COUNTS = [
  'orders',
  'payments',
  'deliveries_started',
  'deliveries_completed',
  'deliveries_failed',
  'refunds',
] as const;
const AMOUNTS = [
  'quoted_amount',
  'received_amount',
  'fees',
  'payout_sent_amount',
  'payout_settled_amount',
  'refunded_amount',
] as const;

/** Several projects' records of one group (the all-projects view) become one row. */
const mergeGroups = (records: readonly DailyRecord[]): DailyRecord[] => {
  const groups = new Map<string, DailyRecord>();
  for (const record of records) {
    const key = GROUP_KEY.map((column) => record[column]).join('\u0000');
    const seen = groups.get(key);
    if (!seen) {
      groups.set(key, record);
      continue;
    }
    const merged: Record<string, unknown> = { ...seen };
    for (const column of COUNTS) merged[column] = seen[column] + record[column];
    for (const column of AMOUNTS) merged[column] = add(seen[column], record[column]);
    groups.set(key, merged as unknown as DailyRecord);
  }
  return [...groups.values()];
};

const toRow = (record: DailyRecord): ReconciliationRow => ({
  day: record.day,
  kind: record.kind,
  paymentMethod: record.payment_method,
  chain: record.chain === '' ? null : record.chain,
  currency: record.currency,
  payoutCurrency: record.payout_currency === '' ? null : record.payout_currency,
  orders: record.orders,
  quotedAmount: record.quoted_amount,
  payments: record.payments,
  receivedAmount: record.received_amount,
  fees: record.fees,
  deliveriesStarted: record.deliveries_started,
  deliveriesCompleted: record.deliveries_completed,
  deliveriesFailed: record.deliveries_failed,
  payoutSentAmount: record.payout_sent_amount,
  payoutSettledAmount: record.payout_settled_amount,
  refunds: record.refunds,
  refundedAmount: record.refunded_amount,
});

const compareRows = (a: ReconciliationRow, b: ReconciliationRow): number =>
  a.day.localeCompare(b.day) ||
  a.kind.localeCompare(b.kind) ||
  a.paymentMethod.localeCompare(b.paymentMethod) ||
  (a.chain ?? '').localeCompare(b.chain ?? '') ||
  a.currency.localeCompare(b.currency) ||
  (a.payoutCurrency ?? '').localeCompare(b.payoutCurrency ?? '');

const totalsOf = (rows: readonly ReconciliationRow[]): CurrencyTotal[] => {
  const totals = new Map<string, CurrencyTotal>();
  for (const row of rows) {
    const total = totals.get(row.currency);
    totals.set(row.currency, {
      currency: row.currency,
      orders: (total?.orders ?? 0) + row.orders,
      quotedAmount: add(total?.quotedAmount ?? '0', row.quotedAmount),
      payments: (total?.payments ?? 0) + row.payments,
      receivedAmount: add(total?.receivedAmount ?? '0', row.receivedAmount),
      fees: add(total?.fees ?? '0', row.fees),
      refunds: (total?.refunds ?? 0) + row.refunds,
      refundedAmount: add(total?.refundedAmount ?? '0', row.refundedAmount),
    });
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
};

const describe = (kind: ReconciliationExceptionKind, details: Readonly<Record<string, string>>): string => {
  switch (kind) {
    case 'unknown-memo':
      return `Deposit of ${details['amount']} ${details['currency']} to ${details['to']} carries ${details['memo'] ? `memo ${details['memo']}` : 'no memo'}, which no order has`;
    case 'amount-mismatch':
      return `Received ${details['received']} ${details['currency']}, the quote was ${details['expected']}`;
    case 'payout-failed':
      return `Payout failed (${details['code']}) and the deposit was not refunded`;
    case 'payout-not-settled':
      return `Payout sent at ${details['since']} has not settled within ${details['timeoutMinutes']} minutes`;
    case 'paid-not-delivered':
      return details['since']
        ? `Paid at ${details['since']}, nothing delivered within ${details['timeoutMinutes']} minutes`
        : `Paid, delivery failed (${details['code']}) and the payment was not refunded`;
    case 'delivered-twice':
      return `Delivered twice: deliveries ${details['firstDelivery']} and ${details['secondDelivery']}`;
    case 'card-authorization-unmatched':
      return `The card issuer ${details['approved'] === 'true' ? 'approved' : 'declined'} ${details['amount']} ${details['currency']} at ${details['merchant']} on card ${details['cardId']}, which no agent checkout run recorded`;
  }
};

const isKind = (value: string): value is ReconciliationExceptionKind =>
  (RECONCILIATION_EXCEPTION_KINDS as readonly string[]).includes(value);

const recorded = (row: ExceptionRecordRow): ReconciliationException[] => {
  if (!isKind(row.kind)) return [];
  const details = JSON.parse(row.details) as Record<string, string>;
  return [
    {
      kind: row.kind,
      day: row.day,
      orderId: row.order_id,
      chain: row.chain,
      txId: row.tx_id,
      message: describe(row.kind, details),
      details,
    },
  ];
};

/** Open items older than the settlement time, as exceptions of `kind`. */
const overdue = (
  kind: 'payout-not-settled' | 'paid-not-delivered',
  items: readonly OpenItem[],
  cutoff: string,
  timeoutMinutes: number,
): ReconciliationException[] =>
  items
    .filter((item) => item.since <= cutoff)
    .map((item) => {
      const details = { since: item.since, timeoutMinutes: String(timeoutMinutes) };
      return {
        kind,
        day: dayOf(item.since),
        orderId: item.orderId,
        chain: null,
        txId: null,
        message: describe(kind, details),
        details,
      };
    });

const compareExceptions = (a: ReconciliationException, b: ReconciliationException): number =>
  a.day.localeCompare(b.day) ||
  RECONCILIATION_EXCEPTION_KINDS.indexOf(a.kind) - RECONCILIATION_EXCEPTION_KINDS.indexOf(b.kind) ||
  (a.orderId ?? '').localeCompare(b.orderId ?? '') ||
  (a.txId ?? '').localeCompare(b.txId ?? '');

/** Each card's authorizations of the range, summed: in order of the card's first authorization. */
const agentCardSpendOf = (authorizations: readonly CardAuthorizationRow[]): AgentCardSpend[] => {
  const cards = new Map<string, AgentCardSpend>();
  for (const row of authorizations) {
    const seen = cards.get(row.card_id) ?? {
      runId: row.run_id,
      cardId: row.card_id,
      last4: row.last4,
      currency: row.currency,
      cap: row.cap,
      authorized: '0',
      approvals: 0,
      declines: 0,
    };
    const approved = row.approved === 1;
    cards.set(row.card_id, {
      ...seen,
      authorized: approved ? add(seen.authorized, row.amount) : seen.authorized,
      approvals: seen.approvals + (approved ? 1 : 0),
      declines: seen.declines + (approved ? 0 : 1),
    });
  }
  return [...cards.values()];
};

/**
 * The report of a range from what the read model holds: rows per day and group, totals per
 * currency, and the exceptions. Events prove most exceptions; `payout-not-settled` and the
 * late `paid-not-delivered` are judged here, against `now` and the settlement time.
 */
export const buildReconciliationReport = (input: ReportInput): ReconciliationReport => {
  const rows = mergeGroups(input.daily).map(toRow).sort(compareRows);
  const cutoff = new Date(input.now.getTime() - input.settlementTimeoutMinutes * 60_000).toISOString();
  const exceptions = [
    ...input.exceptions.flatMap(recorded),
    ...overdue('payout-not-settled', input.payoutsPending, cutoff, input.settlementTimeoutMinutes),
    ...overdue('paid-not-delivered', input.undelivered, cutoff, input.settlementTimeoutMinutes),
  ].sort(compareExceptions);
  const exceptionCounts = Object.fromEntries(RECONCILIATION_EXCEPTION_KINDS.map((kind) => [kind, 0])) as Record<
    ReconciliationExceptionKind,
    number
  >;
  for (const exception of exceptions) exceptionCounts[exception.kind] += 1;
  return {
    from: input.from,
    to: input.to,
    asOf: input.now.toISOString(),
    settlementTimeoutMinutes: input.settlementTimeoutMinutes,
    rows,
    totals: totalsOf(rows),
    exceptionCounts,
    exceptions,
    agentCardSpend: agentCardSpendOf(input.cardAuthorizations),
  };
};
