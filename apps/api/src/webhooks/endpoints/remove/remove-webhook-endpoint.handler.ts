import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Caller } from '../../../http/caller.js';
import { Aggregates } from '../../../infrastructure/aggregates/aggregates.js';
import { WebhookEndpoints } from '../webhook-endpoints.js';

/** `DELETE /2025-06-09/webhooks/endpoints/{id}`: the endpoint goes, and its pending deliveries with it. */
export class RemoveWebhookEndpoint extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly endpointId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveWebhookEndpoint)
export class RemoveWebhookEndpointHandler implements ICommandHandler<RemoveWebhookEndpoint> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly aggregates: Aggregates,
  ) {}

  async execute({ caller, endpointId }: RemoveWebhookEndpoint): Promise<void> {
    await this.endpoints.live(caller.context.projectId, endpointId);
    await this.endpoints.write(caller.context, endpointId, {
      type: 'DeleteWebhookEndpoint',
      data: { at: this.aggregates.now().toISOString() },
    });
  }
}
