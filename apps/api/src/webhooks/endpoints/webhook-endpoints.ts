import { Injectable } from '@nestjs/common';
import type { WebhookEndpointResponse, WebhookEndpointWithSecret } from '@paykit/contracts';
import { DomainException } from '@paykit/kernel';
import {
  type WebhookEndpoint,
  type WebhookEndpointCommand,
  type WebhookEndpointState,
  isLive,
  webhookEndpointNotFound,
} from '@paykit/webhooks';
import * as E from 'fp-ts/lib/Either.js';
import type { ProjectContext } from '../../http/caller.js';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { EndpointUrlGuard } from '../delivery/endpoint-url-guard.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';
import { EndpointSecrets } from './endpoint-secrets.js';
import { WebhookEndpointAggregate } from './webhook-endpoint.aggregate.js';

/** How long a read that follows a write waits for the outbox to include it. */
const READ_YOUR_WRITES_MS = 2_000;
/** How long saving an endpoint waits for its host name to resolve before accepting it unchecked. */
const RESOLVE_TIMEOUT_MS = 3_000;

export interface WithSecret {
  readonly endpoint: WebhookEndpointWithSecret;
  /** The request repeated an earlier one under the same idempotency key: nothing new happened. */
  readonly replayed: boolean;
}

export interface EndpointWritten {
  readonly state: WebhookEndpointState;
  readonly replayed: boolean;
}

export const presentEndpoint = (endpoint: WebhookEndpoint): WebhookEndpointResponse => ({
  id: endpoint.endpointId,
  url: endpoint.url,
  eventTypes: [...endpoint.eventTypes],
  description: endpoint.description,
  createdAt: endpoint.createdAt,
  updatedAt: endpoint.updatedAt,
});

/** The endpoint a write left, which the decider keeps live for everything but a delete. */
export const liveEndpoint = (state: WebhookEndpointState): WebhookEndpoint => {
  if (!isLive(state)) throw new DomainException(webhookEndpointNotFound());
  return state;
};

/**
 * The area's webhook endpoints as its handlers read and write them: one endpoint from its
 * stream (another project's is a 404, like one that never existed), writes that the outbox
 * shows before they are answered, and the secret opened for the answers that show it.
 */
@Injectable()
export class WebhookEndpoints {
  /** The last write of each project in this process: lists wait for it (read your writes). */
  private readonly lastWrite = new Map<string, bigint>();

  constructor(
    private readonly aggregates: Aggregates,
    private readonly outbox: WebhooksOutbox,
    private readonly secrets: EndpointSecrets,
    private readonly urls: EndpointUrlGuard,
  ) {}

  /** The project's live endpoint, or a 404. */
  async live(projectId: string, endpointId: string): Promise<WebhookEndpoint> {
    const loaded = await this.aggregates.load(WebhookEndpointAggregate, endpointId);
    const state = loaded?.state ?? null;
    if (!isLive(state) || state.projectId !== projectId) throw new DomainException(webhookEndpointNotFound());
    return state;
  }

  /** Runs the command; once it changed something, the outbox shows it before the answer. */
  async write(context: ProjectContext, endpointId: string, command: WebhookEndpointCommand): Promise<EndpointWritten> {
    const { state, position, events } = await this.aggregates.execute(
      WebhookEndpointAggregate,
      endpointId,
      command,
      context,
    );
    if (events.length > 0) {
      this.lastWrite.set(context.projectId, position);
      await this.outbox.waitFor(position, READ_YOUR_WRITES_MS);
    }
    return { state, replayed: events.length === 0 };
  }

  /** Waits (bounded) until the outbox has this process's last write of the project. */
  async waitForOwnWrites(projectId: string): Promise<void> {
    const position = this.lastWrite.get(projectId);
    if (position !== undefined) await this.outbox.waitFor(position, READ_YOUR_WRITES_MS);
  }

  withSecret({ state, replayed }: EndpointWritten): WithSecret {
    const endpoint = liveEndpoint(state);
    return {
      endpoint: { ...presentEndpoint(endpoint), secret: this.secrets.open(endpoint.sealedSecret, endpoint.endpointId) },
      replayed,
    };
  }

  /** A private address is a 400 naming `url`; a name that does not resolve now is accepted (each attempt checks again). */
  async checkUrl(url: string): Promise<void> {
    const checked = await this.urls.check(url, AbortSignal.timeout(RESOLVE_TIMEOUT_MS));
    if (E.isRight(checked) || checked.left.parameters?.['reason'] === 'unresolvable') return;
    throw new RequestValidationError([{ path: 'url', message: checked.left.message }]);
  }
}
