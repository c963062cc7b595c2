import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WebhookEndpointResponse } from '@paykit/contracts';
import { WebhookEndpoints, presentEndpoint } from '../webhook-endpoints.js';

/** `GET /2025-06-09/webhooks/endpoints/{id}`: from its stream; another project's is a 404. */
export class GetWebhookEndpoint extends Query<WebhookEndpointResponse> {
  constructor(
    readonly projectId: string,
    readonly endpointId: string,
  ) {
    super();
  }
}

@QueryHandler(GetWebhookEndpoint)
export class GetWebhookEndpointHandler implements IQueryHandler<GetWebhookEndpoint> {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  async execute({ projectId, endpointId }: GetWebhookEndpoint): Promise<WebhookEndpointResponse> {
    return presentEndpoint(await this.endpoints.live(projectId, endpointId));
  }
}
