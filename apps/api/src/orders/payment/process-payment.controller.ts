import { Body, Controller, Param } from '@nestjs/common';
import { OrderParams, OrderResource, ProcessPaymentBody } from '@paykit/contracts';
import { toOrderResource } from '@paykit/orders';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CallerContext, type ProjectContext } from '../../users/http/caller.js';
import { CardPaymentService } from './card-payment.service.js';
import { CryptoPaymentService } from './crypto-payment.service.js';
import { OrderAccess } from './order-access.js';

@Controller()
export class ProcessPaymentController {
  constructor(
    private readonly access: OrderAccess,
    private readonly crypto: CryptoPaymentService,
    private readonly cards: CardPaymentService,
  ) {}

  @Route({
    method: 'POST',
    path: '2022-06-09/orders/:orderId/payment',
    tags: ['Orders'],
    summary: 'Process payment of an order',
    description:
      'crypto-tx-id: the offramp deposit the payer broadcast, verified on the chain (amount, memo, recipient, payer, ' +
      'finality) before the order moves on; a transaction that does not pay the order is a 400 and changes nothing. ' +
      'card-token: pays an onramp order with a token from POST /unstable/card-tokens. Authorized by a server key with ' +
      "orders.update, the order's clientSecret raw in Authorization, or a user's JWT (client key with orders.create) " +
      'for their own order. Repeats are safe: the same txId, or the same token or x-idempotency-key, reaches the same payment; ' +
      'with x-idempotency-key a retry answers what the first request answered (x-idempotent-replayed).',
    scope: [Scopes.ordersUpdate, Scopes.ordersCreate],
    orderClientSecret: true,
    params: OrderParams,
    body: ProcessPaymentBody,
    responses: { 200: OrderResource },
    idempotency: 'resource',
  })
  async pay(
    @CurrentPrincipal() principal: Principal,
    @CallerContext() context: ProjectContext,
    @Param() params: OrderParams,
    @Body() body: ProcessPaymentBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
  ): Promise<OrderResource> {
    const { order } = await this.access.toPay(principal, params.orderId);
    const paid =
      body.type === 'crypto-tx-id'
        ? await this.crypto.pay(order, body.txId, context, keyed)
        : await this.cards.pay(order, body.token, keyed, context);
    return toOrderResource(paid);
  }
}
