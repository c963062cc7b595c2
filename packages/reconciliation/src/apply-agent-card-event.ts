import type { RecordedEvent } from '@paykit/event-store';
import type { AgentCardAuthorizationObserved } from './agent-card-authorization-observed.js';
import { UNATTRIBUTED_PROJECT } from './apply-deposit-observed.js';
import type { ReconciliationWrites } from './reconciliation-statements.js';
import { dayOf, utcInstant } from './utc-time.js';

const UNMATCHED = 'card-authorization-unmatched';
const subjectOf = (authorizationId: string) => `auth:${authorizationId}`;

/** What the projection reads of `CheckoutRunCardIssued` (the checkout-runs event). */
interface CardIssuedData {
  readonly card: {
    readonly cardId: string;
    readonly last4: string;
    readonly cap: { readonly amount: string; readonly currency: string };
  };
}

/**
 * Agent card spend (docs/adr/0226): the cards runs recorded, and what the issuer authorized on
 * them. An authorization on a card no run recorded is a `card-authorization-unmatched`
 * exception, until a run records that card (events can come in either order).
 */
export const applyAgentCardEvent = (recorded: RecordedEvent, writes: ReconciliationWrites): void => {
  if (recorded.type === 'CheckoutRunCardIssued') {
    const { card } = recorded.data as CardIssuedData;
    const projectId = recorded.metadata.projectId ?? UNATTRIBUTED_PROJECT;
    const runId = recorded.streamName.slice('checkoutRun-'.length);
    writes.cards.recordCard({
      projectId,
      cardId: card.cardId,
      runId,
      last4: card.last4,
      cap: card.cap.amount,
      currency: card.cap.currency,
    });
    for (const seen of writes.cards.authorizationsOf(card.cardId))
      writes.resolve(seen.projectId, UNMATCHED, subjectOf(seen.authorizationId));
    return;
  }
  const { data } = recorded as unknown as AgentCardAuthorizationObserved;
  const projectId = recorded.metadata.projectId ?? UNATTRIBUTED_PROJECT;
  const day = dayOf(utcInstant(data.at, recorded.metadata.occurredAt));
  const fresh = writes.cards.recordAuthorization({
    projectId,
    authorizationId: data.authorizationId,
    cardId: data.cardId,
    day,
    seq: recorded.position,
    amount: data.amount,
    currency: data.currency,
    approved: data.approved,
    declineCode: data.declineCode ?? null,
    merchantUrl: data.merchant.url,
  });
  if (!fresh || writes.cards.hasCard(data.cardId)) return;
  writes.flag({
    projectId,
    kind: UNMATCHED,
    subject: subjectOf(data.authorizationId),
    day,
    seq: recorded.position,
    details: {
      authorizationId: data.authorizationId,
      cardId: data.cardId,
      runId: data.runId ?? '',
      amount: data.amount,
      currency: data.currency,
      approved: String(data.approved),
      merchant: data.merchant.url,
    },
  });
};
