import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OrderParams, OrderResource, ProcessPaymentBody } from '@paykit/contracts';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { PayOrderByCard } from './pay-by-card.handler.js';
import { PayOrderByDeposit } from './pay-by-deposit.handler.js';

@Controller()
export class ProcessPaymentController {
  constructor(private readonly commands: CommandBus) {}

  @Route({
    method: 'POST',
    path: '2022-06-09/orders/:orderId/payment',
    tags: ['Orders'],
    summary: 'Process payment of an order',
    description:
      'crypto-tx-id: the offramp deposit the payer broadcast, verified on the chain (amount, memo, recipient, payer, ' +
      'finality) before the order moves on; a transaction that does not pay the order is a 400 and changes nothing. ' +
      'card-token: pays an onramp order with the card processor’s token: from POST /unstable/card-tokens with the ' +
      'sandbox processor, or with Stripe (CARD_PROCESSOR=stripe) the PaymentMethod id (pm_...) Stripe.js gives the ' +
      'browser. Authorized by a server key with ' +
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
  pay(
    @CallerOf() caller: Caller,
    @Param() params: OrderParams,
    @Body() body: ProcessPaymentBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
  ): Promise<OrderResource> {
    return body.type === 'crypto-tx-id'
      ? this.commands.execute(new PayOrderByDeposit(caller, params.orderId, body.txId, keyed))
      : this.commands.execute(new PayOrderByCard(caller, params.orderId, body.token, keyed));
  }
}
