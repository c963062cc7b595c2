import * as E from 'fp-ts/lib/Either.js';
import type { Decider, DomainError } from '@paykit/kernel';
import type { CreateOrder } from '../commands.js';
import { orderDecider } from '../decider.js';
import type { OrderEvent } from '../events.js';
import type { KycPreparation, OrderState } from '../model.js';
import { paymentStatus } from '../status.js';

/** Placing an order: the order, and the identity check it waits for when it needs one. */
export interface PlaceOrder {
  readonly create: CreateOrder;
  /** The check opened at the KYC provider for the buyer, when the order's total needs one. */
  readonly inquiry?: KycPreparation;
}

/**
 * The order decider over PlaceOrder: both decisions go into one append, so an order never
 * exists without the identity check it was placed with, whatever happens between them. The
 * inquiry is recorded only on an order whose payment then waits for it (`requires-kyc`).
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
