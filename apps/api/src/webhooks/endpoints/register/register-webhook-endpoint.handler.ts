import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateWebhookEndpointBody } from '@paykit/contracts';
import { type IdGenerator, seededIds, sha256Hex } from '@paykit/kernel';
import type { Caller } from '../../../http/caller.js';
import { canonicalJson } from '../../../http/idempotency/request-fingerprint.js';
import { Aggregates } from '../../../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../../../infrastructure/tokens.js';
import { EndpointSecrets } from '../endpoint-secrets.js';
import { WebhookEndpoints, type WithSecret } from '../webhook-endpoints.js';

/** `POST /2025-06-09/webhooks/endpoints`: the endpoint with its secret, shown this once. */
export class RegisterWebhookEndpoint extends Command<WithSecret> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateWebhookEndpointBody,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * With an idempotency key the endpoint's id derives from it: a retry finds the stream it
 * created and answers the same endpoint and secret (never stored outside the sealed event).
 */
@CommandHandler(RegisterWebhookEndpoint)
export class RegisterWebhookEndpointHandler implements ICommandHandler<RegisterWebhookEndpoint> {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly secrets: EndpointSecrets,
    private readonly aggregates: Aggregates,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ caller, body, idempotencyKey }: RegisterWebhookEndpoint): Promise<WithSecret> {
    const { projectId } = caller.context;
    await this.endpoints.checkUrl(body.url);
    const endpointId =
      idempotencyKey === undefined
        ? this.ids.uuid()
        : seededIds(`webhook-endpoint\n${projectId}\n${idempotencyKey}`).uuid();
    const written = await this.endpoints.write(caller.context, endpointId, {
      type: 'CreateWebhookEndpoint',
      data: {
        endpointId,
        projectId,
        url: body.url,
        eventTypes: body.eventTypes,
        description: body.description ?? null,
        sealedSecret: this.secrets.seal(this.secrets.generate(), endpointId),
        requestFingerprint: sha256Hex(canonicalJson(body)),
        at: this.aggregates.now().toISOString(),
      },
    });
    return this.endpoints.withSecret(written);
  }
}
