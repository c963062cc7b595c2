import { Body, Controller, Res } from '@nestjs/common';
import { CreateOrderBody, CreateOrderResponse, DraftOrderResponse } from '@paykit/contracts';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../../auth/scopes.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CallerContext, type ProjectContext } from '../../users/http/caller.js';
import { CreateOrderService } from './create-order.service.js';

@Controller()
export class CreateOrderController {
  constructor(private readonly service: CreateOrderService) {}

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
  async create(
    @CallerContext() context: ProjectContext,
    @Body() body: CreateOrderBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreateOrderResponse | DraftOrderResponse> {
    const created = await this.service.create(context, body, keyed);
    reply.status(created.status);
    return created.body;
  }
}
