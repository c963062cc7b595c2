import type { OrderResource, WebhookDeliveryPage, WebhookEndpointPage } from '@paykit/contracts';
import type { ReconciliationReport } from '@paykit/reconciliation';
import { ListOrders } from '../../orders/list/list-orders.handler.js';
import { ListProjectRuns, type ProjectRun } from '../../agent-checkouts/runs/read/list-project-runs.handler.js';
import type { KeysetPage } from '../../http/pagination/keyset-page.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { GetReconciliationReport } from '../../reports/read/get-reconciliation-report.handler.js';
import { ListWebhookDeliveries } from '../../webhooks/deliveries/read/list-webhook-deliveries.handler.js';
import { ListWebhookEndpoints } from '../../webhooks/endpoints/read/list-webhook-endpoints.handler.js';
import type { PageRoute } from '../console-routes.js';
import { html } from '../html/html.js';
import { runLink } from './runs-pages.js';

const SAMPLE = 100;
const rate = (part: number, whole: number): string => (whole === 0 ? '-' : `${Math.round((100 * part) / whole)} %`);

/**
 * Today at a glance, from the API's own queries: the newest orders of today and how many failed,
 * the project's runs waiting on an answer (every owner's), deliveries given up on, and today's reconciliation exceptions.
 */
export const home: PageRoute = {
  method: 'GET',
  path: '',
  async handle({ queries, caller, base, render }) {
    const { projectId } = caller.principal;
    const today = new Date().toISOString().slice(0, 10);
    const orders: KeysetPage<OrderResource> = await queries.execute(
      new ListOrders(projectId, { sort: 'desc', limit: SAMPLE }),
    );
    const todays = orders.data.filter((order) => order.quote.quotedAt.startsWith(today));
    const failedOrders = todays.filter(
      (order) => order.payment.status === 'failed' || order.payment.status === 'refunded',
    );
    const awaiting: Page<ProjectRun> = await queries.execute(
      new ListProjectRuns(projectId, { status: 'awaiting_input' }, { limit: SAMPLE }),
    );
    const endpoints: WebhookEndpointPage = await queries.execute(
      new ListWebhookEndpoints(projectId, { limit: SAMPLE }),
    );
    let failedDeliveries = 0;
    for (const endpoint of endpoints.data) {
      const failed: WebhookDeliveryPage = await queries.execute(
        new ListWebhookDeliveries(projectId, endpoint.id, { limit: SAMPLE, status: 'failed' }),
      );
      failedDeliveries += failed.data.length;
    }
    const report: ReconciliationReport = await queries.execute(new GetReconciliationReport(projectId, today, today));
    return render(
      'Home',
      'Home',
      html`<div class="cards">
        <section class="card"><h2>Orders today</h2><p>${todays.length} orders, ${rate(failedOrders.length, todays.length)} failed or refunded</p>
          <p><a href="${base}/orders">All orders</a> · <a href="${base}/wallets">Wallets</a></p></section>
        <section class="card"><h2>Runs awaiting input</h2><p>${awaiting.nextCursor ? `More than ${SAMPLE}` : awaiting.data.length}, every owner's</p>
          ${awaiting.data.map((run) => html`<p>${runLink(base, run)}</p>`)}
          <p><a href="${base}/runs?status=awaiting_input">All of them</a></p></section>
        <section class="card"><h2>Failed webhook deliveries</h2><p>${failedDeliveries} on ${endpoints.data.length} endpoint(s)</p>
          <p><a href="${base}/webhooks">Webhooks</a> · <a href="${base}/events">Events</a></p></section>
        <section class="card"><h2>Unreconciled today</h2><p>${report.exceptions.length} exception(s)</p>
          <p><a href="${base}/reconciliation">Reconciliation</a></p></section>
      </div>`,
    );
  },
};
