import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WebhookEventListQuery, WebhookEventPage } from '@paykit/contracts';
import type { EventStore } from '@paykit/event-store';
import { keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { readPayload } from '../delivery/message-payloads.js';
import { WebhookEventsReadModel, isEventKey } from './webhook-events.read-model.js';

/** `GET /2025-06-09/webhooks/events`: every webhook event of the project, newest first, subscribed to or not. */
export class ListWebhookEvents extends Query<WebhookEventPage> {
  constructor(
    readonly projectId: string,
    readonly query: WebhookEventListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookEvents)
export class ListWebhookEventsHandler implements IQueryHandler<ListWebhookEvents> {
  constructor(
    private readonly readModel: WebhookEventsReadModel,
    private readonly cursors: SignedCursors,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ projectId, query }: ListWebhookEvents): Promise<WebhookEventPage> {
    await this.readModel.catchUp();
    const page = keysetPage({
      cursors: this.cursors,
      binding: `webhook-events\n${projectId}\n${query.type ?? ''}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: isEventKey,
      source: this.readModel.source(projectId, query.type),
      present: (row) => row,
    });
    // Each payload is rendered from its source stream, as a delivery renders it.
    const data = await Promise.all(
      page.data.map(async (row) => ({
        id: row.id,
        type: row.type,
        createdAt: row.occurredAt,
        data: (await readPayload(this.store, row.type, row)).data,
      })),
    );
    return { ...page, data };
  }
}
