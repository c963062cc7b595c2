import { Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ListWebhookDeliveriesQuery,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookEndpointParams,
} from '@paykit/contracts';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ENDPOINTS_PATH } from '../endpoints/endpoints.controller.js';
import { GetWebhookDelivery } from './read/get-webhook-delivery.handler.js';
import { ListWebhookDeliveries } from './read/list-webhook-deliveries.handler.js';
import { RedeliverWebhookMessage } from './redeliver/redeliver-webhook-message.handler.js';

const DELIVERIES_PATH = `${ENDPOINTS_PATH}/:endpointId/deliveries`;
const TAGS = ['Webhooks'];

@Controller()
export class DeliveriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'GET',
    path: DELIVERIES_PATH,
    tags: TAGS,
    summary: 'An endpoint’s delivery log',
    description:
      'One entry per message sent to the endpoint, newest first, with its status, attempt count, last attempt and next attempt.',
    scope: Scopes.webhooksRead,
    params: WebhookEndpointParams,
    query: ListWebhookDeliveriesQuery,
    responses: { 200: WebhookDeliveryPage },
  })
  list(
    @CallerOf() { principal }: Caller,
    @Param('endpointId') endpointId: string,
    @Query() query: ListWebhookDeliveriesQuery,
  ): Promise<WebhookDeliveryPage> {
    return this.queries.execute(new ListWebhookDeliveries(principal.projectId, endpointId, query));
  }

  @Route({
    method: 'GET',
    path: `${DELIVERIES_PATH}/:messageId`,
    tags: TAGS,
    summary: 'A delivery with every attempt and the body sent',
    scope: Scopes.webhooksRead,
    params: WebhookDeliveryParams,
    responses: { 200: WebhookDeliveryDetail },
  })
  get(
    @CallerOf() { principal }: Caller,
    @Param('endpointId') endpointId: string,
    @Param('messageId') messageId: string,
  ): Promise<WebhookDeliveryDetail> {
    return this.queries.execute(new GetWebhookDelivery(principal.projectId, endpointId, messageId));
  }

  @Route({
    method: 'POST',
    path: `${DELIVERIES_PATH}/:messageId/redeliver`,
    tags: TAGS,
    summary: 'Send a message to the endpoint again',
    description:
      'Queues the message now, whatever its status, with a fresh day of retries. It keeps its webhook-id and body: ' +
      'a receiver that dedupes on webhook-id treats it as the duplicate it is. 202 with the delivery.',
    scope: Scopes.webhooksUpdate,
    params: WebhookDeliveryParams,
    responses: { 202: WebhookDeliveryDetail },
  })
  redeliver(
    @CallerOf() { principal }: Caller,
    @Param('endpointId') endpointId: string,
    @Param('messageId') messageId: string,
  ): Promise<WebhookDeliveryDetail> {
    return this.commands.execute(new RedeliverWebhookMessage(principal.projectId, endpointId, messageId));
  }
}
