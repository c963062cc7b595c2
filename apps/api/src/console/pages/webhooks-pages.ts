import {
  ListWebhookDeliveriesQuery,
  ListWebhookEndpointsQuery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookEndpointPage,
  type WebhookEndpointResponse,
  type WebhookEndpointWithSecret,
} from '@paykit/contracts';
import { GetWebhookDelivery } from '../../webhooks/deliveries/read/get-webhook-delivery.handler.js';
import { ListWebhookDeliveries } from '../../webhooks/deliveries/read/list-webhook-deliveries.handler.js';
import { RedeliverWebhookMessage } from '../../webhooks/deliveries/redeliver/redeliver-webhook-message.handler.js';
import { GetWebhookEndpoint } from '../../webhooks/endpoints/read/get-webhook-endpoint.handler.js';
import { ListWebhookEndpoints } from '../../webhooks/endpoints/read/list-webhook-endpoints.handler.js';
import { ReplaceWebhookEndpointSecret } from '../../webhooks/endpoints/replace-secret/replace-webhook-endpoint-secret.handler.js';
import type { WithSecret } from '../../webhooks/endpoints/webhook-endpoints.js';
import type { PageContext, PageRoute } from '../console-routes.js';
import { html, jsonBlock, table } from '../html/html.js';
import { csrfField } from '../html/layout.js';
import { pager, parseFields, selectField } from './page-helpers.js';

const SECTION = 'Webhooks';

export const webhookEndpoints: PageRoute = {
  method: 'GET',
  path: '/webhooks',
  async handle({ queries, caller, query, base, render }) {
    const page: WebhookEndpointPage = await queries.execute(
      new ListWebhookEndpoints(caller.principal.projectId, parseFields(ListWebhookEndpointsQuery, query)),
    );
    return render(
      'Webhooks',
      SECTION,
      html`${table(
        'Endpoints',
        ['URL', 'Events', 'Description', 'Created'],
        page.data.map((endpoint) => [
          html`<a href="${base}/webhooks/${endpoint.id}">${endpoint.url}</a>`,
          endpoint.eventTypes.join(', '),
          endpoint.description ?? '',
          endpoint.createdAt,
        ]),
      )}
      ${pager(`${base}/webhooks`, query, page)}`,
    );
  },
};

const endpointView = async (
  { queries, caller, params, query, base, csrfToken, render }: PageContext,
  rotated?: WebhookEndpointWithSecret,
) => {
  const { projectId } = caller.principal;
  const endpointId = params['endpointId']!;
  const endpoint: WebhookEndpointResponse = await queries.execute(new GetWebhookEndpoint(projectId, endpointId));
  const filters = rotated ? {} : query;
  const deliveries: WebhookDeliveryPage = await queries.execute(
    new ListWebhookDeliveries(projectId, endpointId, parseFields(ListWebhookDeliveriesQuery, filters)),
  );
  const path = `${base}/webhooks/${endpoint.id}`;
  return render(
    `Endpoint ${endpoint.url}`,
    SECTION,
    html`${
      rotated
        ? html`<div class="notice" role="status"><p>New signing secret, shown this once:</p><p class="secret">${rotated.secret}</p></div>`
        : ''
    }
    <p>Events: ${endpoint.eventTypes.join(', ')}</p>
    <form method="post" action="${path}/rotate-secret">${csrfField(csrfToken)}<button type="submit">Rotate the signing secret</button></form>
    <form method="get">
      ${selectField('status', 'Delivery status', ['pending', 'delivered', 'failed'], filters['status'])}
      <button type="submit">Filter</button>
    </form>
    ${table(
      'Deliveries, newest first',
      ['Message', 'Event', 'Status', 'Attempts', 'Last response'],
      deliveries.data.map((delivery) => [
        html`<a href="${path}/deliveries/${delivery.messageId}">${delivery.messageId}</a>`,
        delivery.eventType,
        delivery.status,
        delivery.attemptCount,
        delivery.lastAttempt ? String(delivery.lastAttempt.statusCode ?? delivery.lastAttempt.error ?? '-') : '-',
      ]),
    )}
    ${pager(path, filters, deliveries)}`,
  );
};

export const webhookEndpoint: PageRoute = {
  method: 'GET',
  path: '/webhooks/:endpointId',
  handle: (context) => endpointView(context),
};

export const rotateWebhookSecret: PageRoute = {
  method: 'POST',
  path: '/webhooks/:endpointId/rotate-secret',
  async handle(context) {
    const { endpoint: rotated }: WithSecret = await context.commands.execute(
      new ReplaceWebhookEndpointSecret(context.caller, context.params['endpointId']!, undefined),
    );
    await context.audit('webhook.secret.rotate', rotated.id);
    return endpointView(context, rotated);
  },
};

export const webhookDelivery: PageRoute = {
  method: 'GET',
  path: '/webhooks/:endpointId/deliveries/:messageId',
  async handle({ queries, caller, params, base, csrfToken, render }) {
    const { endpointId, messageId } = params as { endpointId: string; messageId: string };
    const delivery: WebhookDeliveryDetail = await queries.execute(
      new GetWebhookDelivery(caller.principal.projectId, endpointId, messageId),
    );
    return render(
      `Delivery ${delivery.messageId}`,
      SECTION,
      html`<p>Status <strong>${delivery.status}</strong> after ${delivery.attemptCount} attempt(s); delivered ${delivery.deliveredAt ?? 'not yet'}.</p>
      <form method="post" action="${base}/webhooks/${endpointId}/deliveries/${messageId}/redeliver">
        ${csrfField(csrfToken)}<button type="submit">Redeliver</button>
      </form>
      ${jsonBlock('Request body sent', delivery.payload)}
      ${jsonBlock('Last response', delivery.lastAttempt)}`,
    );
  },
};

export const redeliverWebhook: PageRoute = {
  method: 'POST',
  path: '/webhooks/:endpointId/deliveries/:messageId/redeliver',
  async handle({ commands, caller, params, base, audit }) {
    const { endpointId, messageId } = params as { endpointId: string; messageId: string };
    await commands.execute(new RedeliverWebhookMessage(caller.principal.projectId, endpointId, messageId));
    await audit('webhook.redeliver', messageId);
    return { redirect: `${base}/webhooks/${endpointId}/deliveries/${messageId}` };
  },
};
