import { Inject, Injectable } from '@nestjs/common';
import { type Clock, DomainException, sha256Hex } from '@paykit/kernel';
import type { Order, RecordCardPaymentResult } from '@paykit/orders';
import type { CardProcessorPort, Charge } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { PurchaseLimits } from '../limits/purchase-limits.js';
import { CARD_PROCESSOR } from '../providers/order-providers.js';
import type { OrderContext } from '../store/order-context.js';
import { OrderRepository } from '../store/order-repository.js';
import { Requoting } from './requote.js';

/** A UUID-shaped id derived from its inputs, so a retried payment reaches the same attempt and charge. */
const derivedId = (...parts: string[]): string => {
  const hex = sha256Hex(parts.join('\n'));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** What the processor's answer records on the order (ADR 0101: a decline and a verification step are answers). */
export const cardResultOf = (paymentId: string, charge: Charge, at: string): RecordCardPaymentResult => {
  const base = { paymentId, chargeId: charge.chargeId, at };
  switch (charge.status) {
    case 'succeeded':
      return { type: 'RecordCardPaymentResult', data: { ...base, outcome: 'succeeded' } };
    case 'declined':
      return { type: 'RecordCardPaymentResult', data: { ...base, outcome: 'declined', message: charge.failureReason.message } };
    case 'requires-verification':
      return {
        type: 'RecordCardPaymentResult',
        data: { ...base, outcome: 'requires-verification', verification: { type: charge.verification.type, url: charge.verification.url } },
      };
  }
};

/**
 * Pays an onramp order with a vault token (ADR 0101): opens the attempt on the order (its id is
 * the processor's idempotency key), charges the quoted total, records the processor's answer.
 * The attempt id follows from the order and the idempotency key (or the token), so a retry after
 * an outage reaches the same charge instead of a second one.
 */
@Injectable()
export class CardPaymentService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly requoting: Requoting,
    private readonly limits: PurchaseLimits,
    @Inject(CARD_PROCESSOR) private readonly processor: CardProcessorPort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async pay(order: Order, token: string, idempotencyKey: string | undefined, context: OrderContext): Promise<Order> {
    const priced = order.kind === 'onramp' ? await this.requoting.fresh(order, context) : order;
    const total = priced.quote.totalPrice;
    await this.limits.check({ projectId: context.projectId, buyer: priced.buyer.userLocator, orderId: priced.orderId, ...total });
    const paymentId = derivedId(priced.orderId, idempotencyKey ?? `token:${token}`);
    await this.orders.handle(priced.orderId, { type: 'AuthorizeCardPayment', data: { paymentId, amount: total, now: this.now() } }, context);
    const charge = await this.processor.charge({ token, amount: total.amount, currency: total.currency, idempotencyKey: paymentId });
    if (E.isLeft(charge)) {
      // An outage leaves the attempt open (a retry reaches the same charge); a refusal is this attempt's end.
      if (charge.left.kind !== 'unavailable' && charge.left.kind !== 'upstream_invalid') {
        await this.orders.handle(
          priced.orderId,
          { type: 'RecordCardPaymentResult', data: { paymentId, at: this.now(), outcome: 'declined', message: charge.left.message } },
          context,
        );
      }
      throw new DomainException(charge.left);
    }
    return (await this.orders.handle(priced.orderId, cardResultOf(paymentId, charge.right, this.now()), context)).order;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
