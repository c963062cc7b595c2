import { Controller, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListOrdersQuery, OrderPage } from '@paykit/contracts';
import type { OrderResource } from '@paykit/orders';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import type { KeysetPage } from '../../http/pagination/keyset-page.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ListOrders } from './list-orders.handler.js';

@Controller()
export class OrdersListController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2022-06-09/orders',
    tags: ['Orders'],
    summary: "List the project's orders, newest first by default",
    description:
      'Placed orders of the project (drafts are never stored), onramp and offramp alike. Filters: paymentStatus, ' +
      'deliveryStatus, currency (fiat matches every fiat payment method), buyerWalletAddress (or recipientAddress) ' +
      'and orderId, each comma-separated and/or repeated, at most 20 terms; an order matching any term of a filter ' +
      'passes it. Cursors (nextCursor, previousCursor) are bound to the sort and filters they were issued for.',
    scope: Scopes.ordersRead,
    query: ListOrdersQuery,
    responses: { 200: OrderPage },
  })
  list(@CallerOf() { principal }: Caller, @Query() query: ListOrdersQuery): Promise<KeysetPage<OrderResource>> {
    return this.queries.execute(new ListOrders(principal.projectId, query));
  }
}
