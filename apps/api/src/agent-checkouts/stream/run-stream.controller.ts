import { Controller, Headers, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { agentCheckoutParamsSchema, agentCheckoutStreamQuerySchema } from '@paykit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ownerOf } from '../shared/owner.js';
import { AGENT_CHECKOUTS_PATH, AGENT_CHECKOUTS_TAG } from '../shared/routes.js';
import { OpenRunStream } from './open/open-run-stream.handler.js';
import { openSseResponse } from './sse-response.js';

/** A run's live updates as server-sent events. */
@Controller()
export class RunStreamController {
  constructor(private readonly queries: QueryBus) {}

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
    @CallerOf() { principal }: Caller,
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
    const stream = await this.queries.execute(new OpenRunStream(ownerOf(principal), runId, cursor));
    await stream.follow(openSseResponse(request, reply));
  }
}
