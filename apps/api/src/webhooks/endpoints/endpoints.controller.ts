import { Body, Controller, Headers, Param, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateWebhookEndpointBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKey,
  ListWebhookEndpointsQuery,
  UpdateWebhookEndpointBody,
  WebhookEndpointPage,
  WebhookEndpointParams,
  WebhookEndpointResponse,
  WebhookEndpointWithSecret,
  describeIssue,
} from '@paykit/contracts';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { ChangeWebhookEndpoint } from './change/change-webhook-endpoint.handler.js';
import { GetWebhookEndpoint } from './read/get-webhook-endpoint.handler.js';
import { ListWebhookEndpoints } from './read/list-webhook-endpoints.handler.js';
import { RegisterWebhookEndpoint } from './register/register-webhook-endpoint.handler.js';
import { RemoveWebhookEndpoint } from './remove/remove-webhook-endpoint.handler.js';
import { ReplaceWebhookEndpointSecret } from './replace-secret/replace-webhook-endpoint-secret.handler.js';
import type { WithSecret } from './webhook-endpoints.js';

export const ENDPOINTS_PATH = '2025-06-09/webhooks/endpoints';
const TAGS = ['Webhooks'];

const keyOf = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(header, { error: describeIssue });
  if (parsed.success) return parsed.data;
  throw new RequestValidationError([
    { path: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0]?.message ?? 'is invalid' },
  ]);
};

const answer = (reply: FastifyReply, outcome: WithSecret): WebhookEndpointWithSecret => {
  if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return outcome.endpoint;
};

@Controller()
export class EndpointsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: ENDPOINTS_PATH,
    tags: TAGS,
    summary: 'Register a webhook endpoint',
    description:
      'Events of the chosen types are POSTed to the URL, signed per Standard Webhooks with the secret in the answer: ' +
      'it is shown here and on rotation only. A reused x-idempotency-key answers the same endpoint and secret.',
    scope: Scopes.webhooksCreate,
    body: CreateWebhookEndpointBody,
    responses: { 201: WebhookEndpointWithSecret },
    idempotency: 'route',
  })
  async create(
    @CallerOf() caller: Caller,
    @Body() body: CreateWebhookEndpointBody,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookEndpointWithSecret> {
    return answer(reply, await this.commands.execute(new RegisterWebhookEndpoint(caller, body, keyOf(key))));
  }

  @Route({
    method: 'GET',
    path: ENDPOINTS_PATH,
    tags: TAGS,
    summary: 'List webhook endpoints',
    description: 'Oldest first. The secret is never listed.',
    scope: Scopes.webhooksRead,
    query: ListWebhookEndpointsQuery,
    responses: { 200: WebhookEndpointPage },
  })
  list(@CallerOf() { principal }: Caller, @Query() query: ListWebhookEndpointsQuery): Promise<WebhookEndpointPage> {
    return this.queries.execute(new ListWebhookEndpoints(principal.projectId, query));
  }

  @Route({
    method: 'GET',
    path: `${ENDPOINTS_PATH}/:endpointId`,
    tags: TAGS,
    summary: 'Get a webhook endpoint',
    scope: Scopes.webhooksRead,
    params: WebhookEndpointParams,
    responses: { 200: WebhookEndpointResponse },
  })
  get(@CallerOf() { principal }: Caller, @Param('endpointId') endpointId: string): Promise<WebhookEndpointResponse> {
    return this.queries.execute(new GetWebhookEndpoint(principal.projectId, endpointId));
  }

  @Route({
    method: 'PATCH',
    path: `${ENDPOINTS_PATH}/:endpointId`,
    tags: TAGS,
    summary: 'Change a webhook endpoint’s URL, event types or description',
    description: 'Deliveries already queued go to the new URL; only new events follow the new event types.',
    scope: Scopes.webhooksUpdate,
    params: WebhookEndpointParams,
    body: UpdateWebhookEndpointBody,
    responses: { 200: WebhookEndpointResponse },
  })
  update(
    @CallerOf() caller: Caller,
    @Param('endpointId') endpointId: string,
    @Body() body: UpdateWebhookEndpointBody,
  ): Promise<WebhookEndpointResponse> {
    return this.commands.execute(new ChangeWebhookEndpoint(caller, endpointId, body));
  }

  @Route({
    method: 'DELETE',
    path: `${ENDPOINTS_PATH}/:endpointId`,
    tags: TAGS,
    summary: 'Delete a webhook endpoint',
    description: 'Its pending deliveries are cancelled. 204 with no body.',
    scope: Scopes.webhooksDelete,
    params: WebhookEndpointParams,
    responses: { 204: null },
  })
  async delete(@CallerOf() caller: Caller, @Param('endpointId') endpointId: string): Promise<void> {
    await this.commands.execute(new RemoveWebhookEndpoint(caller, endpointId));
  }

  @Route({
    method: 'POST',
    path: `${ENDPOINTS_PATH}/:endpointId/rotate-secret`,
    tags: TAGS,
    summary: 'Replace a webhook endpoint’s signing secret',
    description:
      'Answers the new secret (shown this once). For WEBHOOK_SECRET_ROTATION_GRACE_MS (a day) deliveries carry a ' +
      'signature under the previous secret too. A reused x-idempotency-key does not rotate again.',
    scope: Scopes.webhooksUpdate,
    params: WebhookEndpointParams,
    responses: { 200: WebhookEndpointWithSecret },
    idempotency: 'route',
  })
  async rotateSecret(
    @CallerOf() caller: Caller,
    @Param('endpointId') endpointId: string,
    @Headers(IDEMPOTENCY_KEY_HEADER) key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookEndpointWithSecret> {
    return answer(reply, await this.commands.execute(new ReplaceWebhookEndpointSecret(caller, endpointId, keyOf(key))));
  }
}
