import { Inject, Injectable } from '@nestjs/common';
import type {
  CreateWebhookEndpointBody,
  ListWebhookEndpointsQuery,
  UpdateWebhookEndpointBody,
  WebhookEndpointPage,
  WebhookEndpointResponse,
  WebhookEndpointWithSecret,
} from '@paykit/contracts';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type Clock, DomainException, type IdGenerator, seededIds, sha256Hex } from '@paykit/kernel';
import {
  type WebhookEndpoint,
  type WebhookEndpointCommand,
  type WebhookEndpointEvent,
  isLive,
  webhookEndpointDecider,
  webhookEndpointNotFound,
  webhookEndpointStreamName,
} from '@paykit/webhooks';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { canonicalJson } from '../../http/idempotency/request-fingerprint.js';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { keysetPage } from '../../http/pagination/keyset-page.js';
import { type ProjectContext, toEnvelope } from '../../users/http/caller.js';
import { EndpointUrlGuard } from '../delivery/endpoint-url-guard.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';
import { EndpointSecrets } from './endpoint-secrets.js';
import { EndpointsReadModel } from './endpoints.read-model.js';

/** How long a read that follows a write waits for the outbox to include it. */
const READ_YOUR_WRITES_MS = 2_000;
/** How long saving an endpoint waits for its host name to resolve before accepting it unchecked. */
const RESOLVE_TIMEOUT_MS = 3_000;

export interface WithSecret {
  readonly endpoint: WebhookEndpointWithSecret;
  /** The request repeated an earlier one under the same idempotency key: nothing new happened. */
  readonly replayed: boolean;
}

const present = (endpoint: WebhookEndpoint): WebhookEndpointResponse => ({
  id: endpoint.endpointId,
  url: endpoint.url,
  eventTypes: [...endpoint.eventTypes],
  description: endpoint.description,
  createdAt: endpoint.createdAt,
  updatedAt: endpoint.updatedAt,
});

/**
 * A project's webhook endpoints. Writes go through the WebhookEndpoint decider; the list reads
 * the outbox's endpoints table, after this process's last write of the project has reached it.
 * Another project's endpoint is a 404, like one that never existed.
 */
@Injectable()
export class EndpointsService {
  private readonly lastWrite = new Map<string, bigint>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: WebhooksOutbox,
    private readonly secrets: EndpointSecrets,
    private readonly urls: EndpointUrlGuard,
    private readonly readModel: EndpointsReadModel,
    private readonly cursors: SignedCursors,
  ) {}

  /**
   * With an idempotency key the endpoint's id derives from it: a retry finds the stream it
   * created and answers the same endpoint and secret (never stored outside the sealed event).
   */
  async create(context: ProjectContext, body: CreateWebhookEndpointBody, idempotencyKey: string | undefined): Promise<WithSecret> {
    await this.checkUrl(body.url);
    const endpointId = idempotencyKey === undefined ? this.ids.uuid() : seededIds(`webhook-endpoint\n${context.projectId}\n${idempotencyKey}`).uuid();
    const secret = this.secrets.generate();
    const result = await this.run(context, endpointId, {
      type: 'CreateWebhookEndpoint',
      data: {
        endpointId,
        projectId: context.projectId,
        url: body.url,
        eventTypes: body.eventTypes,
        description: body.description ?? null,
        sealedSecret: this.secrets.seal(secret, endpointId),
        requestFingerprint: sha256Hex(canonicalJson(body)),
        at: this.clock.now().toISOString(),
      },
    });
    return this.withSecret(result.state, result.replayed);
  }

  async get(projectId: string, endpointId: string): Promise<WebhookEndpointResponse> {
    return present(await this.load(projectId, endpointId));
  }

  async list(projectId: string, query: ListWebhookEndpointsQuery): Promise<WebhookEndpointPage> {
    await this.waitForOwnWrites(projectId);
    return keysetPage({
      cursors: this.cursors,
      binding: `webhook-endpoints\n${projectId}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: (value): value is number => Number.isSafeInteger(value),
      source: this.readModel.source(projectId),
      present: (row) => row.endpoint,
    });
  }

  async update(context: ProjectContext, endpointId: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpointResponse> {
    await this.load(context.projectId, endpointId);
    if (body.url !== undefined) await this.checkUrl(body.url);
    const { state } = await this.run(context, endpointId, { type: 'UpdateWebhookEndpoint', data: { ...body, at: this.clock.now().toISOString() } });
    return present(state);
  }

  async delete(context: ProjectContext, endpointId: string): Promise<void> {
    await this.load(context.projectId, endpointId);
    await this.run(context, endpointId, { type: 'DeleteWebhookEndpoint', data: { at: this.clock.now().toISOString() } });
  }

  /** A new secret; the previous one keeps signing beside it for WEBHOOK_SECRET_ROTATION_GRACE_MS. */
  async rotateSecret(context: ProjectContext, endpointId: string, idempotencyKey: string | undefined): Promise<WithSecret> {
    await this.load(context.projectId, endpointId);
    const now = this.clock.now();
    const result = await this.run(context, endpointId, {
      type: 'RotateWebhookEndpointSecret',
      data: {
        sealedSecret: this.secrets.seal(this.secrets.generate(), endpointId),
        previousSecretExpiresAt: new Date(now.getTime() + this.config.WEBHOOK_SECRET_ROTATION_GRACE_MS).toISOString(),
        requestKey: idempotencyKey === undefined ? null : sha256Hex(idempotencyKey),
        at: now.toISOString(),
      },
    });
    return this.withSecret(result.state, result.replayed);
  }

  /** The project's live endpoint, or a 404. */
  async load(projectId: string, endpointId: string): Promise<WebhookEndpoint> {
    let state = webhookEndpointDecider.initialState();
    for await (const event of this.store.readStream(webhookEndpointStreamName(endpointId))) {
      state = webhookEndpointDecider.evolve(state, { type: event.type, data: event.data } as WebhookEndpointEvent);
    }
    if (!isLive(state) || state.projectId !== projectId) throw new DomainException(webhookEndpointNotFound());
    return state;
  }

  /** Waits (bounded) until the outbox has this process's last write of the project. */
  async waitForOwnWrites(projectId: string): Promise<void> {
    const position = this.lastWrite.get(projectId);
    if (position !== undefined) await this.outbox.waitFor(position, READ_YOUR_WRITES_MS);
  }

  private async run(context: ProjectContext, endpointId: string, command: WebhookEndpointCommand): Promise<{ state: WebhookEndpoint; replayed: boolean }> {
    const result = await handleCommand(this.store, webhookEndpointStreamName(endpointId), webhookEndpointDecider, command, toEnvelope(context, this.clock, this.ids));
    if (E.isLeft(result)) throw new DomainException(result.left);
    const { state, position, events } = result.right;
    if (!isLive(state) && command.type !== 'DeleteWebhookEndpoint') throw new DomainException(webhookEndpointNotFound());
    if (events.length > 0) {
      this.lastWrite.set(context.projectId, position);
      await this.outbox.waitFor(position, READ_YOUR_WRITES_MS);
    }
    return { state: state as WebhookEndpoint, replayed: events.length === 0 };
  }

  private withSecret(endpoint: WebhookEndpoint, replayed: boolean): WithSecret {
    return { endpoint: { ...present(endpoint), secret: this.secrets.open(endpoint.sealedSecret, endpoint.endpointId) }, replayed };
  }

  /** A private address is a 400 naming `url`; a name that does not resolve now is accepted (each attempt checks again). */
  private async checkUrl(url: string): Promise<void> {
    const checked = await this.urls.check(url, AbortSignal.timeout(RESOLVE_TIMEOUT_MS));
    if (E.isRight(checked) || checked.left.parameters?.['reason'] === 'unresolvable') return;
    throw new RequestValidationError([{ path: 'url', message: checked.left.message }]);
  }
}
