import { DomainException } from '@paykit/kernel';
import type { Order } from '@paykit/orders';
import type { KeyedWrite } from '../http/idempotency/keyed-write.js';
import type { Aggregates } from '../infrastructure/aggregates/aggregates.js';
import { KeyedRequestCompleted } from '../infrastructure/aggregates/keyed-commands.js';
import { OrderAggregate } from './order.aggregate.js';

/**
 * A keyed request's work on an order (ADR 0305), done once: where the request with its key
 * already completed, even in a process that died before answering, the work is not done again
 * and the answer is that request's (`answer` of the order as it left it, or its refusal again).
 */
export const onceForKey = async <R>(
  aggregates: Aggregates,
  orderId: string,
  keyed: KeyedWrite,
  work: () => Promise<R>,
  answer: (order: Order) => R,
): Promise<R> => {
  try {
    await aggregates.checkKey(OrderAggregate, orderId, keyed);
    return await work();
  } catch (error) {
    if (!(error instanceof KeyedRequestCompleted)) throw error;
    if (error.refusal) throw new DomainException(error.refusal);
    return answer(error.state as Order);
  }
};
