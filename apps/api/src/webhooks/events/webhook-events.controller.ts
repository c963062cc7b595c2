import { Controller, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { WebhookEventListQuery, WebhookEventPage } from '@paykit/contracts';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ListWebhookEvents } from './list-webhook-events.handler.js';

@Controller()
export class WebhookEventsController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/webhooks/events',
    tags: ['Webhooks'],
    summary: 'List webhook events',
    description:
      "The project's webhook events, newest first, whether or not an endpoint subscribes to them; `type` keeps one type. " +
      'Each carries the data its deliveries send; its id is their webhook-id.',
    scope: Scopes.webhooksRead,
    query: WebhookEventListQuery,
    responses: { 200: WebhookEventPage },
  })
  list(@CallerOf() { principal }: Caller, @Query() query: WebhookEventListQuery): Promise<WebhookEventPage> {
    return this.queries.execute(new ListWebhookEvents(principal.projectId, query));
  }
}
