import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
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
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { callerOf } from '../shared/caller-of.js';
import { AGENT_CHECKOUTS_PATH, AGENT_CHECKOUTS_TAG } from '../shared/routes.js';
import { MessagesService } from './messages.service.js';

const tags = AGENT_CHECKOUTS_TAG;
const MESSAGES_PATH = `${AGENT_CHECKOUTS_PATH}/:runId/messages`;

/** A run's conversation; the user answers `requiredAction` here. */
@Controller()
export class MessagesController {
  constructor(@Inject(MessagesService) private readonly messages: MessagesService) {}

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
    @CurrentPrincipal() principal: Principal,
    @Param('runId') runId: string,
    @Query() query: z.output<typeof agentCheckoutMessageListQuerySchema>,
  ) {
    return this.messages.list(callerOf(principal), runId, query);
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
    @CurrentPrincipal() principal: Principal,
    @Param('runId') runId: string,
    @Body() body: AgentCheckoutMessageBody,
  ): Promise<MessageView> {
    return this.messages.post(callerOf(principal), runId, body);
  }
}
