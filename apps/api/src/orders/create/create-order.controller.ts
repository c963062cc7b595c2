import { Body, Controller, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreateOrderBody, CreateOrderResponse, DraftOrderResponse } from '@paykit/contracts';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CreateOrder } from './create-order.handler.js';
import { QuoteDraftOrder } from './draft-order.handler.js';

@Controller()
export class CreateOrderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: '2022-06-09/orders',
    tags: ['Orders'],
    summary: 'Create an order (onramp by card, or offramp to a saved payout method)',
    description:
      'payment.method = card buys a token delivered to recipient.walletAddress (a wallet of a user of the service); ' +
      'a chain name sells the stablecoin deposited on that chain, paid out to recipient.paymentMethodId. ' +
      'state = draft answers 200 with a quote that is not stored (payment.status draft) and no clientSecret; state = create (default) ' +
      'answers 201 with the placed order and its clientSecret. With x-idempotency-key the order is placed once: ' +
      'a retry answers that order as it was placed (201, x-idempotent-replayed), whatever happened in between.',
    scope: Scopes.ordersCreate,
    body: CreateOrderBody,
    responses: { 200: DraftOrderResponse, 201: CreateOrderResponse },
    status: 201,
    idempotency: 'resource',
  })
  create(
    @CallerOf() caller: Caller,
    @Body() body: CreateOrderBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreateOrderResponse | DraftOrderResponse> {
    if (body.state === 'draft') {
      reply.status(200);
      return this.queries.execute(new QuoteDraftOrder(caller.principal.projectId, body));
    }
    return this.commands.execute(new CreateOrder(caller, body, keyed));
  }
}
