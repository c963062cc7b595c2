import { type Decider, type DomainError, conflict, notFound } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { WebhookEndpointCommand } from './commands.js';
import type { WebhookEndpointEvent } from './events.js';
import { type WebhookEndpointState, isLive } from './state.js';

type Decision = E.Either<DomainError, WebhookEndpointEvent[]>;

const sameTypes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((type, index) => type === b[index]);

export const webhookEndpointNotFound = (): DomainError => ({ ...notFound(), code: 'webhook_endpoint_not_found' });

const decide = (command: WebhookEndpointCommand, state: WebhookEndpointState): Decision => {
  if (command.type === 'CreateWebhookEndpoint') {
    const { at, ...created } = command.data;
    if (state === null) return E.right([{ type: 'WebhookEndpointCreated', data: { ...created, createdAt: at } }]);
    if (state.requestFingerprint !== created.requestFingerprint) {
      return E.left(
        conflict('idempotency_key_reused', 'This idempotency key was already used with a different request'),
      );
    }
    // The endpoint id comes from the idempotency key: the same request again is a no-op, and
    // once the endpoint is deleted there is nothing left to answer it with.
    return state.deleted ? E.left(webhookEndpointNotFound()) : E.right([]);
  }
  if (!isLive(state)) return E.left(webhookEndpointNotFound());
  switch (command.type) {
    case 'UpdateWebhookEndpoint': {
      const url = command.data.url ?? state.url;
      const eventTypes = command.data.eventTypes ?? state.eventTypes;
      const description = command.data.description === undefined ? state.description : command.data.description;
      if (url === state.url && sameTypes(eventTypes, state.eventTypes) && description === state.description)
        return E.right([]);
      return E.right([
        {
          type: 'WebhookEndpointUpdated',
          data: { endpointId: state.endpointId, url, eventTypes, description, updatedAt: command.data.at },
        },
      ]);
    }
    case 'RotateWebhookEndpointSecret': {
      const { requestKey, sealedSecret, previousSecretExpiresAt, at } = command.data;
      if (requestKey !== null && requestKey === state.lastRotationKey) return E.right([]);
      return E.right([
        {
          type: 'WebhookEndpointSecretRotated',
          data: { endpointId: state.endpointId, sealedSecret, previousSecretExpiresAt, requestKey, rotatedAt: at },
        },
      ]);
    }
    case 'DeleteWebhookEndpoint':
      return E.right([
        { type: 'WebhookEndpointDeleted', data: { endpointId: state.endpointId, deletedAt: command.data.at } },
      ]);
  }
};

const evolve = (state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState => {
  if (event.type === 'WebhookEndpointCreated') {
    const { createdAt, ...data } = event.data;
    return { ...data, lastRotationKey: null, createdAt, updatedAt: createdAt, deleted: false };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'WebhookEndpointUpdated': {
      const { url, eventTypes, description, updatedAt } = event.data;
      return { ...state, url, eventTypes, description, updatedAt };
    }
    case 'WebhookEndpointSecretRotated':
      return {
        ...state,
        sealedSecret: event.data.sealedSecret,
        lastRotationKey: event.data.requestKey,
        updatedAt: event.data.rotatedAt,
      };
    case 'WebhookEndpointDeleted':
      return { ...state, deleted: true, updatedAt: event.data.deletedAt };
  }
};

/** A project's webhook endpoint: where its events go, which ones, and the (sealed) signing secret. */
export const webhookEndpointDecider: Decider<
  WebhookEndpointCommand,
  WebhookEndpointEvent,
  WebhookEndpointState,
  DomainError
> = {
  decide,
  evolve,
  initialState: () => null,
};
