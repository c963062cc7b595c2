import { type ContractExample, responseExample } from '../common/examples.js';
import {
  ReconciliationDepositPage,
  ReconciliationExceptionList,
  ReconciliationReportResponse,
} from './reconciliation.js';

const ORDER = '509c513b-cf4f-43ea-9226-a3c0c8646215';
const TX_ID = '0x4646733c4d993cb7181784224001bb04a4b9a324d85b7893fc4d720bf49223ad';
const lateExpected = {
  kind: 'payout-not-settled' as const,
  day: '2026-11-24',
  orderId: '7d1e4c2a-5b3f-4e8a-9c1d-2f6a8b0e4d13',
  chain: 'base-sepolia',
  txId: null,
  message: 'The payout was sent 26 h ago and has not settled (limit 24 h)',
  details: { payoutId: 'po_7d1e4c2a', sentAt: '2026-11-24T18:02:11.000Z' },
};
const zero = { refunds: 0, refundedAmount: '0' };

export const REPORT_EXAMPLES: readonly ContractExample[] = [
  responseExample(ReconciliationReportResponse, 'one-day', 'A day of onramp and offramp, with one late payout', {
    from: '2026-11-24',
    to: '2026-11-25',
    asOf: '2026-11-25T20:48:20.791Z',
    settlementTimeoutMinutes: 1440,
    rows: [
      {
        day: '2026-11-25',
        kind: 'offramp',
        paymentMethod: 'base-sepolia',
        chain: 'base-sepolia',
        currency: 'usdc',
        payoutCurrency: 'usd',
        orders: 1,
        quotedAmount: '25',
        payments: 1,
        receivedAmount: '25',
        fees: '0.247525',
        deliveriesStarted: 1,
        deliveriesCompleted: 1,
        deliveriesFailed: 0,
        payoutSentAmount: '24.75',
        payoutSettledAmount: '24.75',
        ...zero,
      },
      {
        day: '2026-11-25',
        kind: 'onramp',
        paymentMethod: 'card',
        chain: 'base-sepolia',
        currency: 'usd',
        payoutCurrency: null,
        orders: 3,
        quotedAmount: '105',
        payments: 2,
        receivedAmount: '55',
        fees: '1.46',
        deliveriesStarted: 2,
        deliveriesCompleted: 2,
        deliveriesFailed: 0,
        payoutSentAmount: '0',
        payoutSettledAmount: '0',
        ...zero,
      },
    ],
    totals: [
      { currency: 'usd', orders: 3, quotedAmount: '105', payments: 2, receivedAmount: '55', fees: '1.46', ...zero },
      { currency: 'usdc', orders: 1, quotedAmount: '25', payments: 1, receivedAmount: '25', fees: '0.247525', ...zero },
    ],
    exceptionCounts: {
      'unknown-memo': 0,
      'amount-mismatch': 0,
      'payout-failed': 0,
      'payout-not-settled': 1,
      'paid-not-delivered': 0,
      'delivered-twice': 0,
      'card-authorization-unmatched': 0,
    },
    exceptions: [lateExpected],
    agentCardSpend: [
      {
        runId: '5da55523-c8f8-4b77-b62c-16789964a1fe',
        cardId: 'ic_5b0c8c53-1c55-4a44-9d76-0f6a8f0e2f11',
        last4: '4560',
        currency: 'USD',
        cap: '18.86',
        authorized: '18.86',
        approvals: 1,
        declines: 0,
      },
    ],
  }),
  responseExample(ReconciliationExceptionList, 'late-payout', 'The exceptions to act on', {
    from: '2026-11-24',
    to: '2026-11-25',
    asOf: '2026-11-25T20:48:20.821Z',
    data: [lateExpected],
  }),
  responseExample(ReconciliationDepositPage, 'deposits', 'A deposit received on chain and the order it paid', {
    data: [
      {
        day: '2026-11-25',
        chain: 'base-sepolia',
        txId: TX_ID,
        orderId: ORDER,
        amount: '25',
        currency: 'usdc',
        memo: 'o509c513bcf4f43ea9226a3c0c8',
        recorded: true,
        observed: true,
      },
    ],
    nextCursor: null,
    previousCursor: null,
  }),
];
