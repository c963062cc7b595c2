import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import type { LineItemState, Order } from '@paykit/orders';
import type { PayoutRailPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { PaymentMethodsService } from '../../payment-methods/payment-methods.service.js';
import { PAYOUT_RAIL } from '../providers/order-providers.js';
import type { OrderContext } from '../store/order-context.js';
import { OrderRepository } from '../store/order-repository.js';

export const payoutIdOf = (orderId: string): string => `pay_${orderId}`;

/**
 * Offramp payout, one step per call: record the delivery as started, send the payout on the
 * rail to the saved payment method (the delivery id is the rail's idempotency key, so a repeat
 * after a crash sends one payout), then follow it until it settles or is returned.
 */
@Injectable()
export class OfframpPayout {
  constructor(
    private readonly orders: OrderRepository,
    private readonly paymentMethods: PaymentMethodsService,
    @Inject(PAYOUT_RAIL) private readonly rail: PayoutRailPort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async advance(order: Order, context: OrderContext): Promise<void> {
    const item = order.lineItems[0];
    if (!item || !order.payment.received || item.delivery.status !== 'in-progress') return;
    if (!item.delivery.deliveryId) {
      await this.orders.tryHandle(
        order.orderId,
        { type: 'StartDelivery', data: { deliveryId: payoutIdOf(order.orderId), rail: 'ach', startedAt: this.now() } },
        context,
      );
      return;
    }
    await this.payOut(order, item, context);
  }

  private async payOut(order: Order, item: LineItemState, context: OrderContext): Promise<void> {
    const deliveryId = item.delivery.deliveryId as string;
    const method = await this.paymentMethods.get(context.projectId, order.recipient.paymentMethodId ?? '');
    if (!method) return this.fail(order, 'payment-method-deleted', 'The payment method was deleted before the payout', context);
    const payout = await this.rail.createPayout({
      paymentMethodToken: method.vaultToken,
      amount: item.delivery.quantity ?? item.quote.quantity,
      currency: item.locator.slice('fiat:'.length),
      reference: order.orderId,
      idempotencyKey: deliveryId,
    });
    if (E.isLeft(payout)) {
      if (payout.left.kind === 'unavailable' || payout.left.kind === 'upstream_invalid') return;
      return this.fail(order, 'payout-failed', payout.left.message, context);
    }
    switch (payout.right.status) {
      case 'settled':
        await this.orders.tryHandle(
          order.orderId,
          { type: 'CompleteDelivery', data: { deliveryId, completedAt: payout.right.settledAt ?? this.now() } },
          context,
        );
        return;
      case 'failed':
        return this.fail(order, payout.right.failureReason?.code ?? 'payout-failed', payout.right.failureReason?.message ?? 'The payout failed', context);
      default:
        return;
    }
  }

  private async fail(order: Order, code: string, message: string, context: OrderContext): Promise<void> {
    await this.orders.tryHandle(order.orderId, { type: 'FailDelivery', data: { code, message, failedAt: this.now() } }, context);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
