import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { RunSnapshot } from '@paykit/checkout-runs';
import {
  type AgentCheckoutInput,
  type AgentCheckoutListQuery,
  ErrorBody,
  agentCheckoutCreateBodySchema,
  agentCheckoutListQuerySchema,
  agentCheckoutListResponseSchema,
  agentCheckoutParamsSchema,
  agentCheckoutSnapshotSchema,
} from '@paykit/contracts';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ownerOf } from '../shared/owner.js';
import { AGENT_CHECKOUTS_PATH, AGENT_CHECKOUTS_TAG } from '../shared/routes.js';
import { CancelRun } from './cancel/cancel-run.handler.js';
import { GetRun } from './read/get-run.handler.js';
import { ListRuns } from './read/list-runs.handler.js';
import { StartRun } from './start/start-run.handler.js';

const tags = AGENT_CHECKOUTS_TAG;
const RUN_PATH = `${AGENT_CHECKOUTS_PATH}/:runId`;

/** Agent checkout runs of the caller (the JWT subject, x-service-user-id, or the service subject). */
@Controller()
export class RunsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: AGENT_CHECKOUTS_PATH,
    tags,
    summary: 'Start an agent checkout run: 202 with its snapshot (queued)',
    description:
      'The body is the input object. The start URL must not denote a private, loopback or link-local address unless ' +
      'its host is allow-listed (AGENT_CHECKOUT_ALLOWED_HOSTS). buyerProfileId and browser.profileId must name live ' +
      'profiles of the same user (400 otherwise, naming the field).',
    scope: Scopes.agentCheckoutsCreate,
    body: agentCheckoutCreateBodySchema,
    responses: { 202: agentCheckoutSnapshotSchema },
  })
  create(@CallerOf() { principal }: Caller, @Body() body: AgentCheckoutInput): Promise<RunSnapshot> {
    return this.commands.execute(new StartRun(ownerOf(principal), body));
  }

  @Route({
    method: 'GET',
    path: AGENT_CHECKOUTS_PATH,
    tags,
    summary: "List the caller's agent checkout runs, newest first",
    scope: Scopes.agentCheckoutsRead,
    query: agentCheckoutListQuerySchema,
    // The spec's errors of this endpoint are 400, 401, 403, 502 and 503; all but 502 are common to every route.
    responses: { 200: agentCheckoutListResponseSchema, 502: ErrorBody },
  })
  list(@CallerOf() { principal }: Caller, @Query() query: AgentCheckoutListQuery): Promise<Page<RunSnapshot>> {
    return this.queries.execute(new ListRuns(ownerOf(principal), query));
  }

  @Route({
    method: 'GET',
    path: RUN_PATH,
    tags,
    summary: 'A run of the caller: its current snapshot',
    scope: Scopes.agentCheckoutsRead,
    params: agentCheckoutParamsSchema,
    responses: { 200: agentCheckoutSnapshotSchema },
  })
  get(@CallerOf() { principal }: Caller, @Param('runId') runId: string): Promise<RunSnapshot> {
    return this.queries.execute(new GetRun(ownerOf(principal), runId));
  }

  @Route({
    method: 'POST',
    path: `${RUN_PATH}/cancel`,
    tags,
    summary: 'Cancel a run: 202; at once when queued or waiting for an answer, between steps when running',
    scope: [Scopes.agentCheckoutsUpdate, Scopes.agentCheckoutsCreate],
    params: agentCheckoutParamsSchema,
    responses: { 202: agentCheckoutSnapshotSchema },
  })
  cancel(@CallerOf() { principal }: Caller, @Param('runId') runId: string): Promise<RunSnapshot> {
    return this.commands.execute(new CancelRun(ownerOf(principal), runId));
  }
}
