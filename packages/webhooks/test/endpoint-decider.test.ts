import { DeciderSpecification } from '@paykit/kernel/testing';
import type { WebhookEndpointCommand, WebhookEndpointEvent } from '../src/index.js';
import { webhookEndpointDecider } from '../src/index.js';

const spec = DeciderSpecification.for(webhookEndpointDecider);
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T01:00:00.000Z';

const create: WebhookEndpointCommand = {
  type: 'CreateWebhookEndpoint',
  data: {
    endpointId: 'ep-1',
    projectId: 'project-1',
    url: 'https://hooks.example.com/paykit',
    eventTypes: ['orders.quote.created'],
    description: null,
    sealedSecret: 'sealed-1',
    requestFingerprint: 'fp-1',
    at: T0,
  },
};
const created: WebhookEndpointEvent = {
  type: 'WebhookEndpointCreated',
  data: {
    endpointId: 'ep-1',
    projectId: 'project-1',
    url: 'https://hooks.example.com/paykit',
    eventTypes: ['orders.quote.created'],
    description: null,
    sealedSecret: 'sealed-1',
    requestFingerprint: 'fp-1',
    createdAt: T0,
  },
};
const deleted: WebhookEndpointEvent = { type: 'WebhookEndpointDeleted', data: { endpointId: 'ep-1', deletedAt: T1 } };
const rotate = (requestKey: string | null): WebhookEndpointCommand => ({
  type: 'RotateWebhookEndpointSecret',
  data: { sealedSecret: 'sealed-2', previousSecretExpiresAt: '2026-01-02T01:00:00.000Z', requestKey, at: T1 },
});

describe('a webhook endpoint', () => {
  it('is created once; the same create again changes nothing, a different one under its key is a conflict', () => {
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenNothingHappened();
    spec
      .given([created])
      .when({
        type: 'CreateWebhookEndpoint',
        data: { ...create.data, requestFingerprint: 'fp-2' },
      } as WebhookEndpointCommand)
      .thenFails({ code: 'idempotency_key_reused' });
  });

  it('records an update with every setting after it, and nothing when nothing changes', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateWebhookEndpoint',
        data: { eventTypes: ['wallets.transfer.in', 'wallets.transfer.out'], description: 'ledger', at: T1 },
      })
      .then([
        {
          type: 'WebhookEndpointUpdated',
          data: {
            endpointId: 'ep-1',
            url: 'https://hooks.example.com/paykit',
            eventTypes: ['wallets.transfer.in', 'wallets.transfer.out'],
            description: 'ledger',
            updatedAt: T1,
          },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateWebhookEndpoint', data: { url: 'https://hooks.example.com/paykit', at: T1 } })
      .thenNothingHappened();
  });

  it('rotates its secret, once per idempotency key', () => {
    const rotated: WebhookEndpointEvent = {
      type: 'WebhookEndpointSecretRotated',
      data: {
        endpointId: 'ep-1',
        sealedSecret: 'sealed-2',
        previousSecretExpiresAt: '2026-01-02T01:00:00.000Z',
        requestKey: 'key-1',
        rotatedAt: T1,
      },
    };
    spec.given([created]).when(rotate('key-1')).then([rotated]);
    spec.given([created, rotated]).when(rotate('key-1')).thenNothingHappened();
    spec
      .given([created, rotated])
      .when(rotate(null))
      .then([{ ...rotated, data: { ...rotated.data, requestKey: null } } as WebhookEndpointEvent]);
  });

  it('is not found once deleted, or before it exists', () => {
    spec
      .given([created])
      .when({ type: 'DeleteWebhookEndpoint', data: { at: T1 } })
      .then([deleted]);
    for (const command of [
      { type: 'DeleteWebhookEndpoint', data: { at: T1 } },
      rotate(null),
      { type: 'UpdateWebhookEndpoint', data: { at: T1 } },
    ] as WebhookEndpointCommand[]) {
      spec.given([created, deleted]).when(command).thenFails({ code: 'webhook_endpoint_not_found' });
      spec.given([]).when(command).thenFails({ code: 'webhook_endpoint_not_found' });
    }
  });

  it('answers a repeated create of an endpoint deleted since as not found; another body under its key is still a conflict', () => {
    spec.given([created, deleted]).when(create).thenFails({ code: 'webhook_endpoint_not_found' });
    spec
      .given([created, deleted])
      .when({
        type: 'CreateWebhookEndpoint',
        data: { ...create.data, requestFingerprint: 'fp-2' },
      } as WebhookEndpointCommand)
      .thenFails({ code: 'idempotency_key_reused' });
  });
});
