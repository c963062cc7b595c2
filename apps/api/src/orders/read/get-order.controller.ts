import { Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { OrderParams, OrderResource } from '@paykit/contracts';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { GetOrder } from './get-order.handler.js';

@Controller()
export class GetOrderController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2022-06-09/orders/:orderId',
    tags: ['Orders'],
    summary: 'Get an order',
    description:
      'Read from the order stream, so a caller reads its own writes. A server key with orders.read, or the ' +
      "order's clientSecret sent raw in Authorization. Drafts were never stored: 404 Not found.",
    scope: Scopes.ordersRead,
    orderClientSecret: true,
    params: OrderParams,
    responses: { 200: OrderResource },
  })
  get(@CallerOf() { principal }: Caller, @Param() params: OrderParams): Promise<OrderResource> {
    return this.queries.execute(new GetOrder(principal, params.orderId));
  }
}
