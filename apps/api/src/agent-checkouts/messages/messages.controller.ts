import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { MessageView } from '@paykit/checkout-runs';
import {
  type AgentCheckoutMessageBody,
  agentCheckoutMessageBodySchema,
  agentCheckoutMessageListQuerySchema,
  agentCheckoutMessageListResponseSchema,
  agentCheckoutMessageSchema,
  agentCheckoutParamsSchema,
} from '@paykit/contracts';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ownerOf } from '../shared/owner.js';
import { AGENT_CHECKOUTS_PATH, AGENT_CHECKOUTS_TAG } from '../shared/routes.js';
import { PostMessage } from './post/post-message.handler.js';
import { ListMessages } from './read/list-messages.handler.js';

const tags = AGENT_CHECKOUTS_TAG;
const MESSAGES_PATH = `${AGENT_CHECKOUTS_PATH}/:runId/messages`;

/** A run's conversation; the user answers `requiredAction` here. */
@Controller()
export class MessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'GET',
    path: MESSAGES_PATH,
    tags,
    summary: "A run's messages, oldest first",
    scope: Scopes.agentCheckoutsRead,
    params: agentCheckoutParamsSchema,
    query: agentCheckoutMessageListQuerySchema,
    responses: { 200: agentCheckoutMessageListResponseSchema },
  })
  list(
    @CallerOf() { principal }: Caller,
    @Param('runId') runId: string,
    @Query() query: z.output<typeof agentCheckoutMessageListQuerySchema>,
  ): Promise<Page<MessageView>> {
    return this.queries.execute(new ListMessages(ownerOf(principal), runId, query));
  }

  @Route({
    method: 'POST',
    path: MESSAGES_PATH,
    tags,
    summary: 'Send a message to a run: a text, or the answer (input_response) to its requiredAction',
    description:
      'The message id is chosen by the client: sending the same message again changes nothing and answers the same ' +
      '(201 with the message); a different message under a used id is a 409 (message_id_conflict). An answer names ' +
      'the requestId of requiredAction and an action: submit (value), alternative (text) or decline (optional text). ' +
      'The secret submitted to a protected question is kept out of the run; the message shows no value.',
    scope: [Scopes.agentCheckoutsUpdate, Scopes.agentCheckoutsCreate],
    params: agentCheckoutParamsSchema,
    body: agentCheckoutMessageBodySchema,
    responses: { 201: agentCheckoutMessageSchema },
  })
  post(
    @CallerOf() { principal }: Caller,
    @Param('runId') runId: string,
    @Body() body: AgentCheckoutMessageBody,
  ): Promise<MessageView> {
    return this.commands.execute(new PostMessage(ownerOf(principal), runId, body));
  }
}
