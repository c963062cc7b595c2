import type { Decider, DomainError } from '@paykit/kernel';
import {
  type CreateOrder,
  type KycPreparation,
  type OrderEvent,
  type OrderState,
  orderDecider,
  paymentStatus,
} from '@paykit/orders';
import * as E from 'fp-ts/lib/Either.js';

/** Placing an order: the order, and the identity check it waits for when it needs one. */
export interface PlaceOrder {
  readonly create: CreateOrder;
  readonly inquiry?: KycPreparation;
}

/**
 * The order decider over PlaceOrder: both decisions go into one append, so an order never
 * exists without the identity check it was placed with, whatever happens between them.
 */
export const placeOrderDecider: Decider<PlaceOrder, OrderEvent, OrderState, DomainError> = {
  initialState: orderDecider.initialState,
  evolve: orderDecider.evolve,
  decide: ({ create, inquiry }, state) => {
    const created = orderDecider.decide(create, state);
    if (E.isLeft(created) || !inquiry) return created;
    const order = created.right.reduce(orderDecider.evolve, state);
    if (!order || paymentStatus(order) !== 'requires-kyc') return created;
    const started = orderDecider.decide({ type: 'StartKycInquiry', data: { inquiry } }, order);
    return E.map((more: readonly OrderEvent[]) => [...created.right, ...more])(started);
  },
};
