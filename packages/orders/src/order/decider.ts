import type { Decider, DomainError } from '@paykit/kernel';
import type { OrderCommand } from './commands.js';
import { decide } from './decide.js';
import type { OrderEvent } from './events.js';
import { evolve } from './evolve.js';
import type { OrderState } from './model.js';

/** The Order aggregate, stream `order-<orderId>`. */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState, DomainError> = {
  decide,
  evolve,
  initialState: () => null,
};

export const orderStreamName = (orderId: string): string => `order-${orderId}`;
