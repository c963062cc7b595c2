import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UpdateWebhookEndpointBody, WebhookEndpointResponse } from '@paykit/contracts';
import type { Caller } from '../../../http/caller.js';
import { Aggregates } from '../../../infrastructure/aggregates/aggregates.js';
import { WebhookEndpoints, liveEndpoint, presentEndpoint } from '../webhook-endpoints.js';

/** `PATCH /2025-06-09/webhooks/endpoints/{id}`: a new URL, event types or description. */
export class ChangeWebhookEndpoint extends Command<WebhookEndpointResponse> {
  constructor(
    readonly caller: Caller,
    readonly endpointId: string,
    readonly body: UpdateWebhookEndpointBody,
  ) {
    super();
  }
}

@CommandHandler(ChangeWebhookEndpoint)
export class ChangeWebhookEndpointHandler implements ICommandHandler<ChangeWebhookEndpoint> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly aggregates: Aggregates,
  ) {}

  async execute({ caller, endpointId, body }: ChangeWebhookEndpoint): Promise<WebhookEndpointResponse> {
    await this.endpoints.live(caller.context.projectId, endpointId);
    if (body.url !== undefined) await this.endpoints.checkUrl(body.url);
    const { state } = await this.endpoints.write(caller.context, endpointId, {
      type: 'UpdateWebhookEndpoint',
      data: { ...body, at: this.aggregates.now().toISOString() },
    });
    return presentEndpoint(liveEndpoint(state));
  }
}
