import type { DomainEvent } from '@paykit/kernel';

/**
 * An authorization the card issuer decided on a virtual card, as its authorization feed showed it
 * to the card observer (docs/adr/0226). A fact about the issuer, not about a run: the projection
 * matches it to the run that recorded the card, and one that matches no run is an exception.
 */
export type AgentCardAuthorizationObserved = DomainEvent<
  'AgentCardAuthorizationObserved',
  {
    readonly authorizationId: string;
    readonly cardId: string;
    /** What the card's metadata names (absent when the card names no run). */
    readonly runId?: string;
    readonly attemptId?: string;
    readonly amount: string;
    readonly currency: string;
    readonly merchant: { readonly name: string; readonly url: string };
    readonly approved: boolean;
    readonly declineCode?: string;
    /** When the issuer decided it (ISO 8601): the day it counts in. */
    readonly at: string;
  }
>;

export const AGENT_CARD_AUTHORIZATION_OBSERVED = 'AgentCardAuthorizationObserved';

/** One stream per authorization, appended at `no_stream`: observed again (a restart, another instance), refused. */
export const agentCardAuthorizationStream = (authorizationId: string): string =>
  `agentcardauthorization-${authorizationId}`;
