import { Module } from '@nestjs/common';
import { SignedCursors } from '../http/pagination/signed-cursors.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { DeliveriesController } from './deliveries/deliveries.controller.js';
import { DeliveriesReadModel } from './deliveries/deliveries.read-model.js';
import { DeliveriesService } from './deliveries/deliveries.service.js';
import { DeliveryClaims } from './delivery/delivery-claims.js';
import { DeliveryQueue } from './delivery/delivery-queue.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { EndpointUrlGuard } from './delivery/endpoint-url-guard.js';
import { MessagePayloads } from './delivery/message-payloads.js';
import { WebhookSender } from './delivery/webhook-sender.js';
import { EndpointSecrets } from './endpoints/endpoint-secrets.js';
import { EndpointsController } from './endpoints/endpoints.controller.js';
import { EndpointsReadModel } from './endpoints/endpoints.read-model.js';
import { EndpointsService } from './endpoints/endpoints.service.js';
import { WebhooksOutbox } from './outbox/webhooks-outbox.js';

/**
 * Webhooks: endpoints managed through the API, an outbox projection of `$all` into
 * `webhooks.db`, and the worker that signs and delivers with retries.
 */
@Module({
  controllers: [EndpointsController, DeliveriesController],
  providers: [
    WebhooksOutbox,
    EndpointSecrets,
    EndpointUrlGuard,
    EndpointsReadModel,
    EndpointsService,
    DeliveriesReadModel,
    DeliveriesService,
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
export class WebhooksModule {}
