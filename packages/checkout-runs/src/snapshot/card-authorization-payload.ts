import type { CheckoutRunCardAuthorizationRecorded } from '../events.js';
import type { RunCardAuthorization } from '../run/cards.js';
import type { Money } from '@paykit/kernel';
import type { CheckoutRun } from '../state.js';

/** The `agent-checkouts.card.authorization` webhook's data: the authorization, its card and run. */
export interface CardAuthorizationPayload {
  readonly runId: string;
  readonly attemptId: string;
  readonly card: { readonly last4: string; readonly brand: string; readonly cap: Money };
  readonly authorization: RunCardAuthorization;
}

export const toCardAuthorizationPayload = (
  run: CheckoutRun,
  recorded: CheckoutRunCardAuthorizationRecorded['data'],
): CardAuthorizationPayload => {
  const card = run.cards[recorded.attemptId];
  return {
    runId: run.runId,
    attemptId: recorded.attemptId,
    card: { last4: recorded.last4, brand: card?.brand ?? 'visa', cap: card?.cap ?? recorded.authorization.amount },
    authorization: recorded.authorization,
  };
};
