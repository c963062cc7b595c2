import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { WebhookDeliveryDetail, WebhookDeliveryPage, type WebhookDeliveryResponse } from './deliveries.js';
import {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookEndpointPage,
  WebhookEndpointResponse,
  WebhookEndpointWithSecret,
} from './endpoints.js';

const endpoint: WebhookEndpointResponse = {
  id: 'f8a77642-637c-40f8-ad0f-b07b44ad2dd6',
  url: 'https://example.com/paykit/webhooks',
  eventTypes: ['orders.payment.succeeded', 'wallets.transfer.in'],
  description: 'Order and deposit events',
  createdAt: '2026-11-25T20:48:20.778Z',
  updatedAt: '2026-11-25T20:48:20.778Z',
};
const attempt = {
  attemptNumber: 1,
  trigger: 'scheduled' as const,
  startedAt: '2026-11-25T20:52:03.118Z',
  durationMs: 42,
  statusCode: 200,
  error: null,
  outcome: 'succeeded' as const,
};
const delivered: WebhookDeliveryResponse = {
  messageId: 'msg_3f9a1c2e5b7d4e8f9a0b1c2d3e4f5a6b',
  eventType: 'wallets.transfer.in',
  status: 'delivered',
  attemptCount: 1,
  createdAt: '2026-11-25T20:52:03.101Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-25T20:52:03.160Z',
  lastAttempt: attempt,
};

export const WEBHOOK_EXAMPLES: readonly ContractExample[] = [
  requestExample(CreateWebhookEndpointBody, 'orders-and-deposits', 'Receive payment and incoming-transfer events', {
    url: 'https://example.com/paykit/webhooks',
    eventTypes: ['orders.payment.succeeded', 'wallets.transfer.in'],
    description: 'Order and deposit events',
  }),
  requestExample(UpdateWebhookEndpointBody, 'more-events', 'Also receive delivery events', {
    eventTypes: ['orders.payment.succeeded', 'orders.delivery.completed', 'wallets.transfer.in'],
  }),
  responseExample(WebhookEndpointWithSecret, 'created', 'The endpoint and its signing secret, shown this once', {
    ...endpoint,
    secret: 'whsec_TU+8hl0GmpU+3qgFJ0oq7bWUc1bQx9m2S1w4h8LjYk0=',
  }),
  responseExample(WebhookEndpointResponse, 'endpoint', 'An endpoint (the secret is never shown again)', endpoint),
  responseExample(WebhookEndpointPage, 'page', "The project's endpoints", {
    data: [endpoint],
    nextCursor: null,
    previousCursor: null,
  }),
  responseExample(WebhookDeliveryPage, 'page', 'Deliveries to an endpoint, newest first', {
    data: [
      delivered,
      {
        messageId: 'msg_0a1b2c3d4e5f60718293a4b5c6d7e8f9',
        eventType: 'orders.payment.succeeded',
        status: 'pending',
        attemptCount: 2,
        createdAt: '2026-11-25T20:40:11.502Z',
        nextAttemptAt: '2026-11-25T20:42:13.000Z',
        deliveredAt: null,
        lastAttempt: { ...attempt, attemptNumber: 2, statusCode: 503, error: 'HTTP 503', outcome: 'failed' },
      },
    ],
    nextCursor: null,
    previousCursor: null,
  }),
  responseExample(WebhookDeliveryDetail, 'delivered', 'A delivery with the body sent and every attempt', {
    ...delivered,
    payload: {
      type: 'wallets.transfer.in',
      data: {
        id: 'cd31d95e-5ccb-4bf0-9b15-85514682dd8f',
        walletAddress: '0xea5Af521CF854DC364961883c522b02e9c08F6f8',
        token: 'base-sepolia:usdxm',
        amount: '25',
        txId: '0x4646733c4d993cb7181784224001bb04a4b9a324d85b7893fc4d720bf49223ad',
      },
    },
    attempts: [attempt],
  }),
];
