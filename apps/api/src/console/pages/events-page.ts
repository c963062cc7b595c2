import { WebhookEventListQuery, type WebhookEventPage, type WebhookEventResponse } from '@paykit/contracts';
import { WEBHOOK_EVENT_TYPES } from '@paykit/webhooks';
import { ListWebhookEvents } from '../../webhooks/events/list-webhook-events.handler.js';
import type { PageRoute } from '../console-routes.js';
import { type Html, html, table } from '../html/html.js';
import { pager, parseFields, selectField } from './page-helpers.js';

/** The order or run an event names in its data, as a link to its page. */
const subjectOf = (base: string, event: WebhookEventResponse): Html | string => {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  if (typeof data['orderId'] === 'string')
    return html`<a href="${base}/orders/${data['orderId']}">Order ${data['orderId']}</a>`;
  if (typeof data['runId'] === 'string') return html`<a href="${base}/runs/${data['runId']}">Run ${data['runId']}</a>`;
  return '-';
};

export const eventsList: PageRoute = {
  method: 'GET',
  path: '/events',
  async handle({ queries, caller, query, base, render }) {
    const page: WebhookEventPage = await queries.execute(
      new ListWebhookEvents(caller.principal.projectId, parseFields(WebhookEventListQuery, query)),
    );
    return render(
      'Events',
      'Events',
      html`<form method="get" class="filters">
        ${selectField('type', 'Event type', WEBHOOK_EVENT_TYPES, query['type'])}
        <p><button type="submit">Filter</button></p>
      </form>
      ${table(
        'Events, newest first',
        ['Event', 'Type', 'About', 'When'],
        page.data.map((event) => [event.id, event.type, subjectOf(base, event), event.createdAt]),
      )}
      ${pager(`${base}/events`, query, page)}`,
    );
  },
};
