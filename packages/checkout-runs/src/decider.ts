import type { Decider, DomainError } from '@paykit/kernel';
import type { CheckoutRunCommand } from './commands.js';
import { decide } from './decide/decide.js';
import type { CheckoutRunEvent } from './events.js';
import { evolve } from './evolve.js';
import { type CheckoutRunState, initialState } from './state.js';

export const checkoutRunDecider: Decider<CheckoutRunCommand, CheckoutRunEvent, CheckoutRunState, DomainError> = {
  decide,
  evolve,
  initialState,
};
