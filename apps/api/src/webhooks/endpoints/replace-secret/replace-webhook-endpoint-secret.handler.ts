import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sha256Hex } from '@paykit/kernel';
import type { AppConfig } from '../../../config/config.js';
import type { Caller } from '../../../http/caller.js';
import { Aggregates } from '../../../infrastructure/aggregates/aggregates.js';
import { APP_CONFIG } from '../../../infrastructure/tokens.js';
import { EndpointSecrets } from '../endpoint-secrets.js';
import { WebhookEndpoints, type WithSecret } from '../webhook-endpoints.js';

/** `POST /2025-06-09/webhooks/endpoints/{id}/rotate-secret`: the new secret, shown this once. */
export class ReplaceWebhookEndpointSecret extends Command<WithSecret> {
  constructor(
    readonly caller: Caller,
    readonly endpointId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The previous secret keeps signing beside the new one for WEBHOOK_SECRET_ROTATION_GRACE_MS. */
@CommandHandler(ReplaceWebhookEndpointSecret)
export class ReplaceWebhookEndpointSecretHandler implements ICommandHandler<ReplaceWebhookEndpointSecret> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly secrets: EndpointSecrets,
    private readonly aggregates: Aggregates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ caller, endpointId, idempotencyKey }: ReplaceWebhookEndpointSecret): Promise<WithSecret> {
    await this.endpoints.live(caller.context.projectId, endpointId);
    const now = this.aggregates.now();
    const written = await this.endpoints.write(caller.context, endpointId, {
      type: 'RotateWebhookEndpointSecret',
      data: {
        sealedSecret: this.secrets.seal(this.secrets.generate(), endpointId),
        previousSecretExpiresAt: new Date(now.getTime() + this.config.WEBHOOK_SECRET_ROTATION_GRACE_MS).toISOString(),
        requestKey: idempotencyKey === undefined ? null : sha256Hex(idempotencyKey),
        at: now.toISOString(),
      },
    });
    return this.endpoints.withSecret(written);
  }
}
