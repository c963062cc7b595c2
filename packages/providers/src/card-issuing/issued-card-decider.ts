import * as E from 'fp-ts/lib/Either.js';
import {
  Decimal,
  type Decider,
  type DomainError,
  conflict,
  domainError,
  invalid,
  isPositiveDecimalWithin,
} from '@paykit/kernel';
import { type AuthorizationAsk, decideAuthorization } from './authorization-decision.js';
import type { CardAuthorization, IssuedCard } from './card-issuing-port.js';
import { merchantOriginOf } from './merchant-origin.js';

/**
 * The sandbox issuer's card as a decider: issued once, each authorization decided on the card as
 * it stands (so two at once cannot both be the one approval: the second is decided after the
 * first), closed once. Its stream is `sandboxIssuedCard-<cardId>`.
 */
export type IssuedCardCommand =
  | { readonly type: 'IssueCard'; readonly data: { readonly card: IssuedCard; readonly numberVariant: number } }
  | {
      readonly type: 'AuthorizeCard';
      readonly data: { readonly authorizationId: string; readonly ask: AuthorizationAsk; readonly now: Date };
    }
  | { readonly type: 'CloseCard'; readonly data: { readonly now: Date } };

export type IssuedCardEvent =
  | { readonly type: 'SandboxCardIssued'; readonly data: { readonly card: IssuedCard; readonly numberVariant: number } }
  | { readonly type: 'SandboxCardAuthorizationDecided'; readonly data: { readonly authorization: CardAuthorization } }
  | { readonly type: 'SandboxCardClosed'; readonly data: { readonly closedAt: string } };

export type IssuedCardState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly card: IssuedCard;
      /** Which of the card's candidate numbers it got (another card held the first). */
      readonly numberVariant: number;
      readonly authorizations: readonly CardAuthorization[];
    };

export const cardNotFound = (): DomainError => domainError('not_found', 'card_not_found', 'no card has this id');
/** Why a card's details cannot be given now: it is closed, or past its lifetime; or null. */
export const revealRefusal = (card: IssuedCard, now: Date): DomainError | null => {
  if (card.status === 'closed') return conflict('card_closed', 'the card is closed: its details are gone');
  if (now.getTime() >= Date.parse(card.controls.expiresAt))
    return conflict('card_expired', 'the card has passed its lifetime');
  return null;
};

/** Why a card cannot be issued as asked, or null. */
export const issueRefusal = (card: IssuedCard): DomainError | null => {
  const { controls } = card;
  if (card.cardholderName.trim() === '' || card.cardholderName.length > 100)
    return invalid('invalid_cardholder', 'the cardholder name must be 1 to 100 characters');
  if (!/^[A-Z]{3}$/.test(controls.cap.currency))
    return invalid('invalid_currency', 'the cap needs an ISO 4217 currency');
  if (!isPositiveDecimalWithin(controls.cap.amount, { maxIntegerDigits: 15, maxFractionDigits: 6 }))
    return invalid('invalid_amount', 'the cap must be a positive decimal');
  if (merchantOriginOf(controls.merchantOrigin) !== controls.merchantOrigin)
    return invalid('invalid_merchant', 'the merchant must be an http(s) origin');
  if (!Number.isInteger(controls.maxApprovals) || controls.maxApprovals < 1)
    return invalid('invalid_controls', 'a card approves at least one authorization');
  if (!(Date.parse(controls.expiresAt) > Date.parse(card.createdAt)))
    return invalid('invalid_controls', 'the card must expire after it is issued');
  return null;
};

const approvedOf = (authorizations: readonly CardAuthorization[]) => authorizations.filter((each) => each.approved);

const decide = (
  command: IssuedCardCommand,
  state: IssuedCardState,
): E.Either<DomainError, readonly IssuedCardEvent[]> => {
  if (command.type === 'IssueCard') {
    // The card's id is its idempotency key's: a repeat answers the card as it stands.
    if (state.exists) return E.right([]);
    const refused = issueRefusal(command.data.card);
    return refused ? E.left(refused) : E.right([{ type: 'SandboxCardIssued', data: command.data }]);
  }
  if (!state.exists) return E.left(cardNotFound());
  if (command.type === 'CloseCard') {
    if (state.card.status === 'closed') return E.right([]);
    return E.right([{ type: 'SandboxCardClosed', data: { closedAt: command.data.now.toISOString() } }]);
  }
  const { authorizationId, ask, now } = command.data;
  if (state.authorizations.some((each) => each.authorizationId === authorizationId))
    return E.left(conflict('authorization_exists', 'this authorization was already decided'));
  const approved = approvedOf(state.authorizations);
  const decision = decideAuthorization(
    {
      status: state.card.status,
      controls: state.card.controls,
      approvals: approved.length,
      approvedTotal: approved.reduce((sum, each) => sum.add(each.amount.amount), new Decimal(0)).toFixed(),
    },
    ask,
    now,
  );
  const authorization: CardAuthorization = {
    authorizationId,
    cardId: state.card.cardId,
    amount: { amount: ask.amount.amount, currency: ask.amount.currency.toUpperCase() },
    merchant: { name: ask.merchant.name, url: ask.merchant.url },
    approved: decision.approved,
    ...(decision.approved ? {} : { declineCode: decision.declineCode }),
    createdAt: now.toISOString(),
  };
  return E.right([{ type: 'SandboxCardAuthorizationDecided', data: { authorization } }]);
};

const evolve = (state: IssuedCardState, event: IssuedCardEvent): IssuedCardState => {
  if (event.type === 'SandboxCardIssued') return { exists: true, ...event.data, authorizations: [] };
  if (!state.exists) return state;
  if (event.type === 'SandboxCardClosed')
    return { ...state, card: { ...state.card, status: 'closed', closedAt: event.data.closedAt } };
  return { ...state, authorizations: [...state.authorizations, event.data.authorization] };
};

export const issuedCardDecider: Decider<IssuedCardCommand, IssuedCardEvent, IssuedCardState, DomainError> = {
  decide,
  evolve,
  initialState: () => ({ exists: false }),
};
