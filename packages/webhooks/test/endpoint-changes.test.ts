import * as E from 'fp-ts/lib/Either.js';
import { DeciderSpecification, refusal } from '@paykit/kernel/testing';
import type { WebhookEndpointCommand, WebhookEndpointEvent } from '../src/index.js';
import { endpointSecretOf, signingKeyOf, webhookEndpointDecider } from '../src/index.js';

const spec = DeciderSpecification.for(webhookEndpointDecider);
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T01:00:00.000Z';
const URL = 'https://hooks.example.com/paykit';

const created: WebhookEndpointEvent = {
  type: 'WebhookEndpointCreated',
  data: {
    endpointId: 'ep-1',
    projectId: 'project-1',
    url: URL,
    eventTypes: ['orders.quote.created', 'orders.payment.succeeded'],
    description: 'shop',
    sealedSecret: 'sealed-1',
    requestFingerprint: 'fp-1',
    createdAt: T0,
  },
};
const update = (data: Partial<{ url: string; eventTypes: string[]; description: string | null }>) =>
  ({ type: 'UpdateWebhookEndpoint', data: { ...data, at: T1 } }) as WebhookEndpointCommand;
const updated = (data: Partial<{ url: string; eventTypes: string[]; description: string | null }>) =>
  ({
    type: 'WebhookEndpointUpdated',
    data: {
      endpointId: 'ep-1',
      url: URL,
      eventTypes: ['orders.quote.created', 'orders.payment.succeeded'],
      description: 'shop',
      ...data,
      updatedAt: T1,
    },
  }) as WebhookEndpointEvent;

describe('an endpoint update is recorded when any one setting changes', () => {
  it.each<[string, Partial<{ url: string; eventTypes: string[]; description: string | null }>]>([
    ['the url alone', { url: 'https://hooks.example.com/other' }],
    ['the description alone', { description: 'warehouse' }],
    ['the description cleared', { description: null }],
    ['one event type swapped for another', { eventTypes: ['orders.quote.created', 'orders.delivery.completed'] }],
    ['the same types in another order', { eventTypes: ['orders.payment.succeeded', 'orders.quote.created'] }],
    ['one event type fewer', { eventTypes: ['orders.quote.created'] }],
    [
      'one event type more',
      { eventTypes: ['orders.quote.created', 'orders.payment.succeeded', 'orders.delivery.completed'] },
    ],
  ])('%s', (_, change) => {
    spec
      .given([created])
      .when(update(change))
      .then([updated(change)]);
  });

  it('and not when every setting sent is the one it has', () => {
    spec
      .given([created])
      .when(update({ url: URL, eventTypes: ['orders.quote.created', 'orders.payment.succeeded'], description: 'shop' }))
      .thenNothingHappened();
  });
});

describe('a create under a used idempotency key', () => {
  it('with a different request is refused, saying so', () => {
    const { createdAt, ...settings } = created.data;
    spec
      .given([created])
      .when({ type: 'CreateWebhookEndpoint', data: { ...settings, requestFingerprint: 'fp-2', at: createdAt } })
      .thenFails(
        refusal('conflict', 'idempotency_key_reused', 'This idempotency key was already used with a different request'),
      );
  });
});

describe('a secret rotation without an idempotency key', () => {
  const rotate: WebhookEndpointCommand = {
    type: 'RotateWebhookEndpointSecret',
    data: { sealedSecret: 'sealed-2', previousSecretExpiresAt: T1, requestKey: null, at: T1 },
  };
  const rotated: WebhookEndpointEvent = {
    type: 'WebhookEndpointSecretRotated',
    data: {
      endpointId: 'ep-1',
      sealedSecret: 'sealed-2',
      previousSecretExpiresAt: T1,
      requestKey: null,
      rotatedAt: T1,
    },
  };

  it('rotates every time it is asked, the first time and again', () => {
    spec.given([created]).when(rotate).then([rotated]);
    spec.given([created, rotated]).when(rotate).then([rotated]);
  });
});

describe('signing keys are 24 to 64 bytes (Standard Webhooks)', () => {
  it.each([24, 64])('a secret of %i bytes is made and read back', (size) => {
    const bytes = Buffer.alloc(size, 9);
    expect(signingKeyOf(endpointSecretOf(bytes))).toEqual(E.right(bytes));
  });

  it.each([23, 65])('a key of %i bytes is neither made nor read', (size) => {
    expect(() => endpointSecretOf(Buffer.alloc(size, 9))).toThrow('A signing key is 24 to 64 bytes');
    expect(signingKeyOf(`whsec_${Buffer.alloc(size, 9).toString('base64')}`)).toEqual(
      E.left({
        kind: 'invalid',
        code: 'invalid_webhook_secret',
        message: 'A webhook secret is whsec_ and the base64 of 24 to 64 bytes',
      }),
    );
  });

  it('a secret whose text is not exactly the base64 of its key is refused (no character skipped)', () => {
    const encoded = Buffer.alloc(32, 9).toString('base64');
    for (const secret of [`whsec_${encoded}!`, `whsec_${encoded.slice(0, 8)} ${encoded.slice(8)}`]) {
      expect(signingKeyOf(secret)).toEqual(
        E.left({
          kind: 'invalid',
          code: 'invalid_webhook_secret',
          message: 'A webhook secret is whsec_ and the base64 of 24 to 64 bytes',
        }),
      );
    }
  });

  it('a secret without the whsec_ prefix is refused, saying so', () => {
    expect(signingKeyOf(Buffer.alloc(32, 9).toString('base64'))).toEqual(
      E.left({ kind: 'invalid', code: 'invalid_webhook_secret', message: 'A webhook secret starts with whsec_' }),
    );
  });
});
