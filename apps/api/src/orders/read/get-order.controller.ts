import { Controller, Param } from '@nestjs/common';
import { OrderParams, OrderResource } from '@paykit/contracts';
import { toOrderResource } from '@paykit/orders';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { OrderAccess } from '../payment/order-access.js';

@Controller()
export class GetOrderController {
  constructor(private readonly access: OrderAccess) {}

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
  async get(@CurrentPrincipal() principal: Principal, @Param() params: OrderParams): Promise<OrderResource> {
    return toOrderResource((await this.access.toRead(principal, params.orderId)).order);
  }
}
