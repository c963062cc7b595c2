import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, notFound } from '@paykit/kernel';
import type { PaymentMethodEvent, SavedPaymentMethod } from './events.js';

export type PaymentMethodCommand =
  | { readonly type: 'SavePaymentMethod'; readonly data: SavedPaymentMethod }
  | { readonly type: 'DeletePaymentMethod'; readonly data: { readonly paymentMethodId: string; readonly at: string } };

export interface PaymentMethodState {
  readonly method: SavedPaymentMethod | null;
  readonly deletedAt: string | null;
}

export const paymentMethodDecider: Decider<PaymentMethodCommand, PaymentMethodEvent, PaymentMethodState, DomainError> =
  {
    initialState: () => ({ method: null, deletedAt: null }),

    decide: (command, state) => {
      switch (command.type) {
        case 'SavePaymentMethod':
          // Ids are fresh per request: a stream that exists is this very save, retried.
          return E.right(state.method ? [] : [{ type: 'PaymentMethodSaved', data: command.data }]);
        case 'DeletePaymentMethod': {
          const method = state.method;
          if (!method || state.deletedAt !== null) return E.left(notFound());
          const { paymentMethodId, userLocator, vaultToken } = method;
          return E.right([
            {
              type: 'PaymentMethodDeleted',
              data: { paymentMethodId, userLocator, vaultToken, deletedAt: command.data.at },
            },
          ]);
        }
      }
    },

    evolve: (state, event) => {
      switch (event.type) {
        case 'PaymentMethodSaved':
          return { method: event.data, deletedAt: null };
        case 'PaymentMethodDeleted':
          return { ...state, deletedAt: event.data.deletedAt };
      }
    },
  };

export const paymentMethodStream = (paymentMethodId: string): string => `payment_method-${paymentMethodId}`;
