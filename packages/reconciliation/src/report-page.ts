import { Decimal } from '@paykit/kernel';
import { dailyBarChart } from './daily-chart.js';
import { escapeHtml } from './escape-html.js';
import type { ReconciliationReport, ReconciliationRow } from './reconciliation-report.js';

const MAX_CHART_DAYS = 366;

/** Every day of the range, in order (the chart shows days without activity as empty). */
export const daysOf = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (
    let time = Date.parse(`${from}T00:00:00Z`);
    time <= Date.parse(`${to}T00:00:00Z`) && days.length < MAX_CHART_DAYS;
    time += 86_400_000
  ) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
};

const volumeByDay = (rows: readonly ReconciliationRow[], currency: string): Map<string, Decimal> => {
  const volume = new Map<string, Decimal>();
  for (const row of rows) {
    if (row.currency !== currency) continue;
    volume.set(row.day, (volume.get(row.day) ?? new Decimal(0)).plus(row.receivedAmount));
  }
  return volume;
};

const charts = (report: ReconciliationReport): string[] => {
  const days = daysOf(report.from, report.to);
  const volumes = report.totals.map((total) => {
    const byDay = volumeByDay(report.rows, total.currency);
    return dailyBarChart({
      title: `Daily volume received (${total.currency})`,
      unit: total.currency,
      color: '#2f6fdf',
      values: days.map((day) => ({ day, value: (byDay.get(day) ?? new Decimal(0)).toFixed() })),
    });
  });
  const exceptionsByDay = new Map<string, number>();
  for (const exception of report.exceptions)
    exceptionsByDay.set(exception.day, (exceptionsByDay.get(exception.day) ?? 0) + 1);
  const exceptions = dailyBarChart({
    title: 'Exceptions per day',
    unit: 'exceptions',
    color: '#d23f31',
    values: days.map((day) => ({ day, value: String(exceptionsByDay.get(day) ?? 0) })),
  });
  return [...volumes, exceptions];
};

const table = (
  headers: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  numeric: ReadonlySet<number>,
): string =>
  [
    '<table>',
    `<thead><tr>${headers.map((header, index) => `<th${numeric.has(index) ? ' class="num"' : ''}>${escapeHtml(header)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map(
      (cells) =>
        `<tr>${cells.map((cell, index) => `<td${numeric.has(index) ? ' class="num"' : ''}>${escapeHtml(cell === null ? '' : String(cell))}</td>`).join('')}</tr>`,
    ),
    '</tbody></table>',
  ].join('\n');

const numericColumns = (from: number, to: number): ReadonlySet<number> =>
  new Set(Array.from({ length: to - from + 1 }, (_, index) => from + index));

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d1d1f; }
  h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 24px 0 8px; }
  .meta { color: #555; margin-bottom: 16px; }
  table { border-collapse: collapse; margin: 8px 0; }
  th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; white-space: nowrap; }
  th { background: #f4f4f6; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  .counts span { display: inline-block; margin-right: 12px; }
  .counts .some { color: #d23f31; font-weight: 600; }
  svg { display: block; margin: 8px 0; background: #fafafa; }
  svg .chart-title { font-size: 13px; font-weight: 600; } svg .axis { font-size: 11px; fill: #555; }
`;

/** A self-contained HTML page of the report: charts of daily volume and exceptions, totals, exceptions, rows. */
export const reconciliationReportPage = (report: ReconciliationReport): string => {
  const counts = Object.entries(report.exceptionCounts).map(
    ([kind, count]) =>
      `<span class="${count > 0 ? 'some' : 'none'}" data-kind="${escapeHtml(kind)}">${escapeHtml(kind)}: ${count}</span>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Reconciliation ${escapeHtml(report.from)} to ${escapeHtml(report.to)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>Reconciliation report, ${escapeHtml(report.from)} to ${escapeHtml(report.to)}</h1>`,
    `<div class="meta">As of ${escapeHtml(report.asOf)}; payouts and deliveries count as late after ${report.settlementTimeoutMinutes} minutes.</div>`,
    '<section id="charts">',
    ...charts(report),
    '</section>',
    '<h2>Totals</h2>',
    table(
      ['Currency', 'Orders', 'Quoted', 'Payments', 'Received', 'Fees', 'Refunds', 'Refunded'],
      report.totals.map((t) => [
        t.currency,
        t.orders,
        t.quotedAmount,
        t.payments,
        t.receivedAmount,
        t.fees,
        t.refunds,
        t.refundedAmount,
      ]),
      numericColumns(1, 7),
    ),
    `<h2>Exceptions (${report.exceptions.length})</h2>`,
    `<div class="counts">${counts.join('')}</div>`,
    table(
      ['Day', 'Kind', 'Order', 'Chain', 'Transaction', 'What happened'],
      report.exceptions.map((e) => [e.day, e.kind, e.orderId, e.chain, e.txId, e.message]),
      new Set(),
    ),
    '<h2>By day</h2>',
    table(
      [
        'Day',
        'Kind',
        'Method',
        'Chain',
        'Currency',
        'Orders',
        'Quoted',
        'Payments',
        'Received',
        'Fees',
        'Started',
        'Completed',
        'Failed',
        'Payout',
        'Paid out',
        'Settled',
        'Refunds',
        'Refunded',
      ],
      report.rows.map((r) => [
        r.day,
        r.kind,
        r.paymentMethod,
        r.chain,
        r.currency,
        r.orders,
        r.quotedAmount,
        r.payments,
        r.receivedAmount,
        r.fees,
        r.deliveriesStarted,
        r.deliveriesCompleted,
        r.deliveriesFailed,
        r.payoutCurrency,
        r.payoutSentAmount,
        r.payoutSettledAmount,
        r.refunds,
        r.refundedAmount,
      ]),
      new Set([5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17]),
    ),
    '</body></html>',
    '',
  ].join('\n');
};
