import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import type { Order } from '@paykit/orders';
import * as E from 'fp-ts/lib/Either.js';
import type { ProjectContext } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { OrderPricing } from '../create/order-pricing.js';
import { OrderAggregate, orderIn } from '../order.aggregate.js';

/**
 * An order whose quote has lapsed goes back to the quote phase; paying it first prices the same
 * line item again (exact-in keeps its total, exact-out gets today's price).
 */
@Injectable()
export class Requoting {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly pricing: OrderPricing,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The order with a valid quote: expired first if its time is up, then re-quoted. */
  async fresh(order: Order, context: ProjectContext): Promise<Order> {
    if (order.payment.received) return order;
    let current = order;
    if (!current.quote.expired && this.clock.now().getTime() >= Date.parse(current.quote.expiresAt)) {
      const expire = { type: 'ExpireQuote' as const, data: { now: this.clock.now().toISOString() } };
      const expired = await this.aggregates.tryExecute(OrderAggregate, order.orderId, expire, context);
      if (E.isRight(expired)) current = orderIn(expired.right);
    }
    if (!current.quote.expired) return current;
    const [item] = current.lineItems;
    if (!item) return current;
    const quote = await this.pricing.quote(item.locator, current.payment.currency, item.execution);
    return orderIn(
      await this.aggregates.execute(OrderAggregate, order.orderId, { type: 'Requote', data: { quote } }, context),
    );
  }
}
