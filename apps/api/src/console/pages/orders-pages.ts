import { ListOrdersQuery, type OrderResource } from '@paykit/contracts';
import { GetOrder } from '../../orders/read/get-order.handler.js';
import { ListOrders } from '../../orders/list/list-orders.handler.js';
import type { KeysetPage } from '../../http/pagination/keyset-page.js';
import type { PageRoute } from '../console-routes.js';
import { html, jsonBlock, table } from '../html/html.js';
import { GetEventTimeline, type TimelineEntry } from '../timeline/get-event-timeline.handler.js';
import { money, pager, parseFields } from './page-helpers.js';

const SECTION = 'Orders';

const filterForm = (query: Record<string, string | undefined>) => html`<form method="get" class="filters">
  <label for="paymentStatus">Payment status</label>
  <input id="paymentStatus" name="paymentStatus" value="${query['paymentStatus'] ?? ''}" placeholder="completed,failed">
  <label for="deliveryStatus">Delivery status</label>
  <input id="deliveryStatus" name="deliveryStatus" value="${query['deliveryStatus'] ?? ''}">
  <label for="orderId">Order id</label>
  <input id="orderId" name="orderId" value="${query['orderId'] ?? ''}">
  <p><button type="submit">Filter</button></p>
</form>`;

export const ordersList: PageRoute = {
  method: 'GET',
  path: '/orders',
  async handle({ queries, caller, query, base, render }) {
    const filters = parseFields(ListOrdersQuery, query);
    const page: KeysetPage<OrderResource> = await queries.execute(new ListOrders(caller.principal.projectId, filters));
    return render(
      'Orders',
      SECTION,
      html`${filterForm(query)}
      ${table(
        'Orders, newest first',
        ['Order', 'Phase', 'Payment', 'Total', 'Quoted at'],
        page.data.map((order) => [
          html`<a href="${base}/orders/${order.orderId}">${order.orderId}</a>`,
          order.phase,
          order.payment.status,
          money(order.quote.totalPrice),
          order.quote.quotedAt,
        ]),
      )}
      ${pager(`${base}/orders`, query, page)}`,
    );
  },
};

const timeline = (entries: readonly TimelineEntry[]) =>
  table(
    'Timeline',
    ['When', 'What', 'Who'],
    entries.map((entry) => [entry.at, entry.type, `${entry.actor.type}:${entry.actor.id}`]),
  );

export const orderPage: PageRoute = {
  method: 'GET',
  path: '/orders/:orderId',
  async handle({ queries, caller, params, render }) {
    const order: OrderResource = await queries.execute(new GetOrder(caller.principal, params['orderId']!));
    const entries: TimelineEntry[] = await queries.execute(
      new GetEventTimeline(caller.principal.projectId, `order-${order.orderId}`),
    );
    return render(
      `Order ${order.orderId}`,
      SECTION,
      html`<p>Phase <strong>${order.phase}</strong>, payment <strong>${order.payment.status}</strong>, total ${money(order.quote.totalPrice)}.</p>
      ${timeline(entries)}
      ${jsonBlock('The order as the API returns it', order)}`,
    );
  },
};
