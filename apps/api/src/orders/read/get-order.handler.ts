import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OrderResource } from '@paykit/contracts';
import { toOrderResource } from '@paykit/orders';
import type { Principal } from '../../auth/principal.js';
import { OrderAccess } from '../payment/order-access.js';

/** `GET /2022-06-09/orders/{id}`: an order of the caller's project, by server key or by its client secret. */
export class GetOrder extends Query<OrderResource> {
  constructor(
    readonly principal: Principal,
    readonly orderId: string,
  ) {
    super();
  }
}

@QueryHandler(GetOrder)
export class GetOrderHandler implements IQueryHandler<GetOrder> {
  constructor(private readonly access: OrderAccess) {}

  async execute({ principal, orderId }: GetOrder): Promise<OrderResource> {
    return toOrderResource(await this.access.toRead(principal, orderId));
  }
}
