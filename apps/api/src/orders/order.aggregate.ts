import type { Order, OrderState } from '@paykit/orders';
import { orderDecider, orderStreamName, placeOrderDecider } from '@paykit/orders';
import { aggregateType } from '../infrastructure/aggregates/aggregate-type.js';

/** An order: stream `order-<id>`. */
export const OrderAggregate = aggregateType({ name: 'order', decider: orderDecider, streamName: orderStreamName });

/** Placing an order: the order and the identity check it waits for, one decision and one append on its stream. */
export const OrderPlacement = aggregateType({ name: 'order', decider: placeOrderDecider, streamName: orderStreamName });

/**
 * The order an order stream holds. Every stream starts with OrderCreated, so a loaded order, or
 * one a command was decided on, is never the empty state.
 */
export const orderIn = ({ state }: { readonly state: OrderState }): Order => {
  if (state === null) throw new Error('An order stream without its OrderCreated');
  return state;
};
