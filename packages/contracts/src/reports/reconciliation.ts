import { z } from 'zod';
import { calendarDate } from '../documents/calendar-date.js';
import { cursorPage, pageQuery } from '../common/pagination.js';

/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 366;

export const REPORT_FORMATS = ['json', 'csv', 'html'] as const;
export const ReportFormat = z.enum(REPORT_FORMATS);
export type ReportFormat = z.infer<typeof ReportFormat>;

const DAY_MS = 86_400_000;

const rangeFields = {
  from: calendarDate().describe('First day of the range (UTC), included'),
  to: calendarDate().describe('Last day of the range (UTC), included'),
};

/** `from` <= `to`, at most MAX_REPORT_DAYS days; the issue is on `to`. */
const checkRange = (range: { from: string; to: string }, context: z.RefinementCtx): void => {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1;
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (days > MAX_REPORT_DAYS)
    context.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
};

export const ReconciliationReportQuery = z
  .object({
    ...rangeFields,
    format: ReportFormat.optional().describe(
      'json (default), csv (the rows) or html (a page with charts); or send Accept',
    ),
  })
  .superRefine(checkRange);
export type ReconciliationReportQuery = z.infer<typeof ReconciliationReportQuery>;

export const ReconciliationExceptionsQuery = z
  .object({
    ...rangeFields,
    format: z.enum(['json', 'csv']).optional().describe('json (default) or csv; or send Accept'),
  })
  .superRefine(checkRange);
export type ReconciliationExceptionsQuery = z.infer<typeof ReconciliationExceptionsQuery>;

export const ReconciliationDepositsQuery = z
  .object({
    ...rangeFields,
    ...pageQuery({ defaultLimit: 100, maxLimit: 1000 }).shape,
    format: z
      .enum(['json', 'csv'])
      .optional()
      .describe('json (default) or csv (one page; the next cursor in the x-next-cursor header)'),
  })
  .superRefine(checkRange);
export type ReconciliationDepositsQuery = z.infer<typeof ReconciliationDepositsQuery>;

const Amount = z.string().describe('Exact decimal amount');
const Count = z.number().int().min(0);

export const ReconciliationRow = z
  .object({
    day: z.string(),
    kind: z.enum(['onramp', 'offramp']),
    paymentMethod: z.string().describe('card, or the chain the stablecoin is deposited on'),
    chain: z.string().nullable().describe('Offramp: the deposit chain; onramp: the chain tokens are delivered on'),
    currency: z.string().describe('What the buyer pays in: quoted, received, fees and refunds are in it'),
    payoutCurrency: z.string().nullable().describe('Offramp: the fiat paid out'),
    orders: Count,
    quotedAmount: Amount,
    payments: Count,
    receivedAmount: Amount,
    fees: Amount,
    deliveriesStarted: Count.describe('Payouts sent (offramp), token transfers submitted (onramp)'),
    deliveriesCompleted: Count.describe('Payouts settled (offramp), transfers final (onramp)'),
    deliveriesFailed: Count,
    payoutSentAmount: Amount,
    payoutSettledAmount: Amount,
    refunds: Count,
    refundedAmount: Amount,
  })
  .meta({ id: 'ReconciliationRow' });

export const ReconciliationExceptionKind = z.enum([
  'unknown-memo',
  'amount-mismatch',
  'payout-failed',
  'payout-not-settled',
  'paid-not-delivered',
  'delivered-twice',
  'card-authorization-unmatched',
]);

export const ReconciliationException = z
  .object({
    kind: ReconciliationExceptionKind,
    day: z.string(),
    orderId: z.string().nullable(),
    chain: z.string().nullable(),
    txId: z.string().nullable(),
    message: z.string(),
    details: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ReconciliationException' });

export const ReconciliationExceptionList = z
  .object({ from: z.string(), to: z.string(), asOf: z.string(), data: z.array(ReconciliationException) })
  .meta({ id: 'ReconciliationExceptionList' });
export type ReconciliationExceptionList = z.infer<typeof ReconciliationExceptionList>;

export const AgentCardSpend = z
  .object({
    runId: z.string().nullable().describe('The run that recorded the card; null: no run did (an exception too)'),
    cardId: z.string(),
    last4: z.string().nullable(),
    currency: z.string(),
    cap: Amount.nullable().describe('The most the card allowed: the total the run declared'),
    authorized: Amount.describe('What the card issuer approved on the card in the range'),
    approvals: Count,
    declines: Count,
  })
  .meta({ id: 'AgentCardSpend' });

export const ReconciliationReportResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    asOf: z.string().describe('When late payouts and deliveries were judged'),
    settlementTimeoutMinutes: z.number().int(),
    rows: z.array(ReconciliationRow),
    totals: z.array(
      z.object({
        currency: z.string(),
        orders: Count,
        quotedAmount: Amount,
        payments: Count,
        receivedAmount: Amount,
        fees: Amount,
        refunds: Count,
        refundedAmount: Amount,
      }),
    ),
    exceptionCounts: z.record(ReconciliationExceptionKind, Count),
    exceptions: z.array(ReconciliationException),
    agentCardSpend: z
      .array(AgentCardSpend)
      .describe('Per virtual card of an agent checkout run: what its issuer authorized (docs/adr/0226)'),
  })
  .meta({ id: 'ReconciliationReport' });
export type ReconciliationReportResponse = z.infer<typeof ReconciliationReportResponse>;

export const ReconciliationDeposit = z
  .object({
    day: z.string(),
    chain: z.string(),
    txId: z.string(),
    orderId: z.string().nullable().describe('null: no order carries its memo'),
    amount: Amount,
    currency: z.string(),
    memo: z.string().nullable(),
    recorded: z.boolean().describe('The order recorded it as its payment'),
    observed: z.boolean().describe('The deposit observer saw it final on chain'),
  })
  .meta({ id: 'ReconciliationDeposit' });

export const ReconciliationDepositPage = cursorPage(ReconciliationDeposit).meta({ id: 'ReconciliationDepositPage' });
export type ReconciliationDepositPage = z.infer<typeof ReconciliationDepositPage>;
