import { Controller, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { agentCheckoutParamsSchema, agentCheckoutStreamQuerySchema } from '@paykit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { callerOf } from '../shared/caller-of.js';
import { AGENT_CHECKOUTS_PATH, AGENT_CHECKOUTS_TAG } from '../shared/routes.js';
import { RunStreams } from './run-streams.js';

/** A run's live updates as server-sent events. */
@Controller()
export class RunStreamController {
  constructor(@Inject(RunStreams) private readonly streams: RunStreams) {}

  @Route({
    method: 'GET',
    path: `${AGENT_CHECKOUTS_PATH}/:runId/messages/stream`,
    tags: AGENT_CHECKOUTS_TAG,
    summary: "A run's snapshots and messages as server-sent events",
    description:
      'text/event-stream. Events: `message.upsert` (a message, as listed) and `run.updated` (the snapshot). Every event ' +
      'id is a resume cursor: reconnect with the Last-Event-ID header (or `?after=`) to receive only what followed it. ' +
      'A fresh connection receives every message, then the current snapshot. Comment lines are heartbeats. The stream ' +
      'ends after the final snapshot. Combine streamed and polled snapshots by keeping the greatest revision.',
    scope: Scopes.agentCheckoutsRead,
    params: agentCheckoutParamsSchema,
    query: agentCheckoutStreamQuerySchema,
    responses: { 200: { contentType: 'text/event-stream', description: 'run.updated and message.upsert events' } },
  })
  async stream(
    @CurrentPrincipal() principal: Principal,
    @Param('runId') runId: string,
    @Query() query: z.output<typeof agentCheckoutStreamQuerySchema>,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // On reconnect a browser repeats the first URL (with its ?after=) and sends Last-Event-ID: the header is newer.
    const cursor =
      lastEventId !== undefined && lastEventId !== ''
        ? { value: lastEventId, field: 'last-event-id' }
        : query.after === undefined
          ? null
          : { value: query.after, field: 'after' };
    await this.streams.open(callerOf(principal), runId, cursor, request, reply);
  }
}
