import type { ReconciliationDeposit, ReconciliationException, ReconciliationRow } from './reconciliation-report.js';

type Cell = string | number | boolean | null;

/** RFC 4180: quote a field holding a comma, quote or line break; double the quotes inside. */
const field = (value: Cell): string => {
  const text = value === null ? '' : String(value);
  // A leading = + - @ would be a formula to a spreadsheet: prefix a quote so it stays text.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const csv = <Item>(columns: readonly (readonly [string, (item: Item) => Cell])[], items: readonly Item[]): string =>
  [columns.map(([name]) => name), ...items.map((item) => columns.map(([, cell]) => cell(item)))]
    .map((cells) => cells.map(field).join(','))
    .join('\r\n') + '\r\n';

const ROW_COLUMNS: readonly (readonly [string, (row: ReconciliationRow) => Cell])[] = [
  ['day', (row) => row.day],
  ['kind', (row) => row.kind],
  ['payment_method', (row) => row.paymentMethod],
  ['chain', (row) => row.chain],
  ['currency', (row) => row.currency],
  ['orders', (row) => row.orders],
  ['quoted_amount', (row) => row.quotedAmount],
  ['payments', (row) => row.payments],
  ['received_amount', (row) => row.receivedAmount],
  ['fees', (row) => row.fees],
  ['deliveries_started', (row) => row.deliveriesStarted],
  ['deliveries_completed', (row) => row.deliveriesCompleted],
  ['deliveries_failed', (row) => row.deliveriesFailed],
  ['payout_currency', (row) => row.payoutCurrency],
  ['payout_sent_amount', (row) => row.payoutSentAmount],
  ['payout_settled_amount', (row) => row.payoutSettledAmount],
  ['refunds', (row) => row.refunds],
  ['refunded_amount', (row) => row.refundedAmount],
];

const EXCEPTION_COLUMNS: readonly (readonly [string, (exception: ReconciliationException) => Cell])[] = [
  ['day', (exception) => exception.day],
  ['kind', (exception) => exception.kind],
  ['order_id', (exception) => exception.orderId],
  ['chain', (exception) => exception.chain],
  ['tx_id', (exception) => exception.txId],
  ['message', (exception) => exception.message],
];

const DEPOSIT_COLUMNS: readonly (readonly [string, (deposit: ReconciliationDeposit) => Cell])[] = [
  ['day', (deposit) => deposit.day],
  ['chain', (deposit) => deposit.chain],
  ['tx_id', (deposit) => deposit.txId],
  ['order_id', (deposit) => deposit.orderId],
  ['amount', (deposit) => deposit.amount],
  ['currency', (deposit) => deposit.currency],
  ['memo', (deposit) => deposit.memo],
  ['recorded', (deposit) => deposit.recorded],
  ['observed', (deposit) => deposit.observed],
];

/** The report's rows as CSV (header first, CRLF line ends). */
export const reconciliationRowsCsv = (rows: readonly ReconciliationRow[]): string => csv(ROW_COLUMNS, rows);
export const reconciliationExceptionsCsv = (exceptions: readonly ReconciliationException[]): string =>
  csv(EXCEPTION_COLUMNS, exceptions);
export const reconciliationDepositsCsv = (deposits: readonly ReconciliationDeposit[], header = true): string => {
  const text = csv(DEPOSIT_COLUMNS, deposits);
  return header ? text : text.slice(text.indexOf('\r\n') + 2);
};
