import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListWebhookEndpointsQuery, WebhookEndpointPage } from '@paykit/contracts';
import { keysetPage } from '../../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../../http/pagination/signed-cursors.js';
import { EndpointsReadModel } from '../endpoints.read-model.js';
import { WebhookEndpoints } from '../webhook-endpoints.js';

/** `GET /2025-06-09/webhooks/endpoints`: oldest first, from the outbox's endpoints table; never a secret. */
export class ListWebhookEndpoints extends Query<WebhookEndpointPage> {
  constructor(
    readonly projectId: string,
    readonly query: ListWebhookEndpointsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookEndpoints)
export class ListWebhookEndpointsHandler implements IQueryHandler<ListWebhookEndpoints> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly readModel: EndpointsReadModel,
    private readonly cursors: SignedCursors,
  ) {}

  async execute({ projectId, query }: ListWebhookEndpoints): Promise<WebhookEndpointPage> {
    await this.endpoints.waitForOwnWrites(projectId);
    return keysetPage({
      cursors: this.cursors,
      binding: `webhook-endpoints\n${projectId}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: (value): value is number => Number.isSafeInteger(value),
      source: this.readModel.source(projectId),
      present: (row) => row.endpoint,
    });
  }
}
