import { ReconciliationReportQuery } from '@paykit/contracts';
import type { ReconciliationReport } from '@paykit/reconciliation';
import { GetReconciliationReport } from '../../reports/read/get-reconciliation-report.handler.js';
import type { PageRoute } from '../console-routes.js';
import { html, table } from '../html/html.js';
import { parseFields } from './page-helpers.js';

const DAY_MS = 86_400_000;
const day = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The last 7 days unless the page asks for a range; the same query and checks as the API's report. */
export const reconciliation: PageRoute = {
  method: 'GET',
  path: '/reconciliation',
  async handle({ queries, caller, query, base, render }) {
    const { from, to } = parseFields(ReconciliationReportQuery, {
      from: query['from'] || day(Date.now() - 6 * DAY_MS),
      to: query['to'] || day(Date.now()),
    });
    const report: ReconciliationReport = await queries.execute(
      new GetReconciliationReport(caller.principal.projectId, from, to),
    );
    const orderLink = (orderId: string | null) =>
      orderId ? html`<a href="${base}/orders/${orderId}">${orderId}</a>` : '-';
    return render(
      'Reconciliation',
      'Reconciliation',
      html`<form method="get">
        <label for="from">From</label><input id="from" name="from" type="date" value="${from}">
        <label for="to">To</label><input id="to" name="to" type="date" value="${to}">
        <button type="submit">Show</button>
      </form>
      ${table(
        'Totals per currency',
        ['Currency', 'Orders', 'Quoted', 'Payments', 'Received', 'Fees', 'Refunds'],
        report.totals.map((t) => [
          t.currency,
          t.orders,
          t.quotedAmount,
          t.payments,
          t.receivedAmount,
          t.fees,
          t.refunds,
        ]),
      )}
      ${table(
        'Days',
        [
          'Day',
          'Kind',
          'Method',
          'Currency',
          'Orders',
          'Received',
          'Deliveries failed',
          'Payout sent',
          'Payout settled',
        ],
        report.rows.map((r) => [
          r.day,
          r.kind,
          r.paymentMethod,
          r.currency,
          html`<a href="${base}/orders">${r.orders}</a>`,
          r.receivedAmount,
          r.deliveriesFailed,
          r.payoutSentAmount,
          r.payoutSettledAmount,
        ]),
      )}
      ${table(
        'Exceptions to act on',
        ['Day', 'Kind', 'Order', 'Message'],
        report.exceptions.map((e) => [e.day, e.kind, orderLink(e.orderId), e.message]),
      )}`,
    );
  },
};
