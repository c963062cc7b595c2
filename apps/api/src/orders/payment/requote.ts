import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import type { Order } from '@paykit/orders';
import { CLOCK } from '../../infrastructure/tokens.js';
import { OrderPricing } from '../create/order-pricing.js';
import type { OrderContext } from '../store/order-context.js';
import { OrderRepository } from '../store/order-repository.js';

/**
 * An order whose quote has lapsed goes back to the quote phase; paying it first prices the same
 * line item again (exact-in keeps its total, exact-out gets today's price).
 */
@Injectable()
export class Requoting {
  constructor(
    private readonly orders: OrderRepository,
    private readonly pricing: OrderPricing,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The order with a valid quote: expired first if its time is up, then re-quoted. */
  async fresh(order: Order, context: OrderContext): Promise<Order> {
    if (order.payment.received) return order;
    let current = order;
    if (!current.quote.expired && this.clock.now().getTime() >= Date.parse(current.quote.expiresAt)) {
      const expired = await this.orders.tryHandle(order.orderId, { type: 'ExpireQuote', data: { now: this.clock.now().toISOString() } }, context);
      if (expired._tag === 'Right') current = expired.right.order;
    }
    if (!current.quote.expired) return current;
    const [item] = current.lineItems;
    if (!item) return current;
    const quote = await this.pricing.quote(item.locator, current.payment.currency, item.execution);
    return (await this.orders.handle(order.orderId, { type: 'Requote', data: { quote } }, context)).order;
  }
}
