import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type DomainError, DomainException, type Money, sha256Hex } from '@paykit/kernel';
import type { Order, RecordCardPaymentResult } from '@paykit/orders';
import type { CardProcessorPort, Charge } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { type KeyedStep, KeyedRequestCompleted } from '../../http/idempotency/keyed-commands.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
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
 * an outage or a crash reaches the same attempt and the same charge instead of a second one. With
 * a key, recording the answer completes the key's request (ADR 0305): a retry answers with it.
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

  async pay(order: Order, token: string, keyed: KeyedWrite | undefined, context: OrderContext): Promise<Order> {
    if (!keyed) return this.charge(order, token, `token:${token}`, context);
    try {
      await this.orders.checkKey(order.orderId, keyed);
      return await this.charge(order, token, keyed.key, context, keyed);
    } catch (error) {
      if (!(error instanceof KeyedRequestCompleted)) throw error;
      if (error.refusal) throw new DomainException(error.refusal);
      return error.state as Order;
    }
  }

  private async charge(order: Order, token: string, attemptKey: string, context: OrderContext, keyed?: KeyedWrite): Promise<Order> {
    const paymentId = derivedId(order.orderId, attemptKey);
    const step = (completes: boolean, refusal?: DomainError): KeyedStep | undefined =>
      keyed && { write: keyed, completes, ...(refusal && { refusal }) };
    const open = order.payment.card?.paymentId === paymentId && order.payment.card.state !== 'declined' ? order.payment.card : undefined;
    // An attempt a crash interrupted is charged again as it was opened, never at a fresh quote:
    // the processor answers a repeated key with the same charge only for the same amount.
    const amount = open?.amount ?? (await this.authorize(order, paymentId, context, step(false)));
    const charge = await this.processor.charge({ token, amount: amount.amount, currency: amount.currency, idempotencyKey: paymentId });
    if (E.isLeft(charge)) {
      // An outage leaves the attempt open (a retry reaches the same charge); a refusal is this attempt's end.
      if (charge.left.kind !== 'unavailable' && charge.left.kind !== 'upstream_invalid') {
        await this.orders.handle(
          order.orderId,
          { type: 'RecordCardPaymentResult', data: { paymentId, at: this.now(), outcome: 'declined', message: charge.left.message } },
          context,
          step(true, charge.left),
        );
      }
      throw new DomainException(charge.left);
    }
    return (await this.orders.handle(order.orderId, cardResultOf(paymentId, charge.right, this.now()), context, step(true))).order;
  }

  /** Opens the attempt at the current quote (priced again if it lapsed), within the purchase limit. */
  private async authorize(order: Order, paymentId: string, context: OrderContext, keyed: KeyedStep | undefined): Promise<Money> {
    const priced = order.kind === 'onramp' ? await this.requoting.fresh(order, context) : order;
    const total = priced.quote.totalPrice;
    await this.limits.check({ projectId: context.projectId, buyer: priced.buyer.userLocator, orderId: priced.orderId, ...total });
    await this.orders.handle(priced.orderId, { type: 'AuthorizeCardPayment', data: { paymentId, amount: total, now: this.now() } }, context, keyed);
    return total;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
