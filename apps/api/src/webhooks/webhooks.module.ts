import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { SignedCursors } from '../http/pagination/signed-cursors.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { DeliveriesController } from './deliveries/deliveries.controller.js';
import { DeliveriesReadModel } from './deliveries/deliveries.read-model.js';
import { DeliveryLog } from './deliveries/delivery-log.js';
import { GetWebhookDeliveryHandler } from './deliveries/read/get-webhook-delivery.handler.js';
import { ListWebhookDeliveriesHandler } from './deliveries/read/list-webhook-deliveries.handler.js';
import { RedeliverWebhookMessageHandler } from './deliveries/redeliver/redeliver-webhook-message.handler.js';
import { DeliveryClaims } from './delivery/delivery-claims.js';
import { DeliveryQueue } from './delivery/delivery-queue.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { EndpointUrlGuard } from './delivery/endpoint-url-guard.js';
import { MessagePayloads } from './delivery/message-payloads.js';
import { WebhookSender } from './delivery/webhook-sender.js';
import { ChangeWebhookEndpointHandler } from './endpoints/change/change-webhook-endpoint.handler.js';
import { EndpointSecrets } from './endpoints/endpoint-secrets.js';
import { EndpointsController } from './endpoints/endpoints.controller.js';
import { EndpointsReadModel } from './endpoints/endpoints.read-model.js';
import { GetWebhookEndpointHandler } from './endpoints/read/get-webhook-endpoint.handler.js';
import { ListWebhookEndpointsHandler } from './endpoints/read/list-webhook-endpoints.handler.js';
import { RegisterWebhookEndpointHandler } from './endpoints/register/register-webhook-endpoint.handler.js';
import { RemoveWebhookEndpointHandler } from './endpoints/remove/remove-webhook-endpoint.handler.js';
import { ReplaceWebhookEndpointSecretHandler } from './endpoints/replace-secret/replace-webhook-endpoint-secret.handler.js';
import { WebhookEndpoints } from './endpoints/webhook-endpoints.js';
import { ListWebhookEventsHandler } from './events/list-webhook-events.handler.js';
import { WebhookEventsController } from './events/webhook-events.controller.js';
import { webhookEventsProjection } from './events/webhook-events.projection.js';
import { WebhookEventsReadModel } from './events/webhook-events.read-model.js';
import { WebhooksOutbox } from './outbox/webhooks-outbox.js';

/**
 * Webhooks: endpoints managed through the API, an outbox projection of `$all` into
 * `webhooks.db`, and the worker that signs and delivers with retries; the events list from
 * its own read model (`webhook-events` in read-models.db).
 */
@Module({
  controllers: [EndpointsController, DeliveriesController, WebhookEventsController],
  providers: [
    WebhooksOutbox,
    EndpointSecrets,
    EndpointUrlGuard,
    EndpointsReadModel,
    WebhookEndpoints,
    RegisterWebhookEndpointHandler,
    ListWebhookEndpointsHandler,
    GetWebhookEndpointHandler,
    ChangeWebhookEndpointHandler,
    RemoveWebhookEndpointHandler,
    ReplaceWebhookEndpointSecretHandler,
    DeliveriesReadModel,
    DeliveryLog,
    ListWebhookDeliveriesHandler,
    GetWebhookDeliveryHandler,
    RedeliverWebhookMessageHandler,
    WebhookEventsReadModel,
    ListWebhookEventsHandler,
    DeliveryQueue,
    DeliveryClaims,
    MessagePayloads,
    WebhookSender,
    DeliveryWorker,
    {
      provide: SignedCursors,
      useFactory: (secrets: AppSecrets) => new SignedCursors(() => secrets.derive('paykit:webhooks:cursors:v1')),
      inject: [AppSecrets],
    },
  ],
})
export class WebhooksModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsHost) {}

  onModuleInit(): void {
    this.projections.register(webhookEventsProjection);
  }
}
