import * as E from 'fp-ts/lib/Either.js';
import { type Clock, type DomainError, type IdGenerator, conflict, randomIds } from '@paykit/kernel';
import { fullExpiryYear } from '../cards/card-expiry.js';
import { normalizeCardNumber } from '../cards/card-number.js';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { derivedUuid, isPrefixedUuid } from '../state/derived-ids.js';
import { memoryProviderState, type ProviderState } from '../state/provider-state.js';
import { ProviderStreams } from '../state/provider-streams.js';
import type {
  CardAuthorization,
  CardAuthorizationFeed,
  CardAuthorizationPage,
  CardIssuerPort,
  IssueCardRequest,
  IssuedCard,
  RevealedCard,
} from './card-issuing-port.js';
import type { CardNetworkPort, NetworkAuthorizationAnswer, NetworkAuthorizationRequest } from './card-network.js';
import { CardSecrets, isSandboxIssuerNumber } from './card-numbers.js';
import { authorizationsAfter } from './authorization-feed.js';
import { cardNotFound, issueRefusal, type IssuedCardState, revealRefusal } from './issued-card-decider.js';
import { IssuedCardStreams } from './issued-card-streams.js';

export interface SandboxCardIssuerOptions {
  readonly clock: Clock;
  /** Ids of authorizations on numbers the issuer does not know (nothing records them); random by default. */
  readonly ids?: IdGenerator;
  readonly faults?: SandboxFaults;
  /** Where cards are kept (sealed): the service's event store. A memory store of its own by default. */
  readonly state?: ProviderState;
}

/** How far ahead the sandbox prints a card's expiry, as issuers of virtual cards do. */
const PRINTED_YEARS = 3;
/** Candidate numbers tried before the sandbox's range is deemed full. */
const MAX_VARIANTS = 32;

const rangeFull = () => conflict('card_range_exhausted', 'the sandbox issuer found no free card number');

/**
 * The sandbox issuer (docs/adr/0226), like an issuer's test mode: Visa numbers in 4000 0099, each
 * card a stream in the service's event store (docs/adr/0430), so cards and their authorizations
 * survive a restart and every instance sees the same. Numbers and security codes are derived
 * from the card's id with a key of the issuer's and never stored; they are revealed only while
 * the card is open. It is also the card network's issuer: `authorize` decides what a shop's
 * processor asks, with `decideAuthorization`.
 */
export class SandboxCardIssuer implements CardIssuerPort, CardNetworkPort, CardAuthorizationFeed {
  private readonly faults: SandboxFaults;
  private readonly cards: IssuedCardStreams;
  private readonly secrets: CardSecrets;
  private readonly state: ProviderState;
  private readonly streams: ProviderStreams;
  private readonly ids: IdGenerator;

  constructor(private readonly options: SandboxCardIssuerOptions) {
    this.faults = options.faults ?? new SandboxFaults();
    this.state = options.state ?? memoryProviderState();
    const streams = new ProviderStreams(this.state, 'issuing', options.clock);
    this.cards = new IssuedCardStreams(streams);
    this.secrets = new CardSecrets(() => this.state.encryptionKey);
    this.streams = streams;
    this.ids = options.ids ?? randomIds;
  }

  async issueCard(request: IssueCardRequest): Promise<E.Either<DomainError, IssuedCard>> {
    const failure = this.faults.failureOf('issuing', 'issueCard');
    if (failure) return E.left(failure);
    const cardId = `ic_${derivedUuid('issued-card', request.idempotencyKey)}`;
    const now = this.options.clock.now();
    const draft: IssuedCard = {
      cardId,
      brand: 'visa',
      last4: '',
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear() + PRINTED_YEARS,
      cardholderName: request.cardholder.name,
      controls: { ...request.controls, cap: { ...request.controls.cap } },
      metadata: { ...request.metadata },
      status: 'active',
      createdAt: now.toISOString(),
    };
    const refused = issueRefusal(draft);
    if (refused) return E.left(refused);
    return this.streams.guard(async () => {
      const earlier = await this.cards.load(cardId);
      if (earlier.state.exists) return E.right(earlier.state.card);
      const variant = await this.claimNumber(cardId);
      if (variant === null) return E.left(rangeFull());
      const card = { ...draft, last4: this.secrets.numberOf(cardId, variant).slice(-4) };
      const issued = await this.cards.execute(cardId, () => ({
        type: 'IssueCard',
        data: { card, numberVariant: variant },
      }));
      return E.map(({ state }: { state: IssuedCardState }) => (state.exists ? state.card : card))(issued);
    });
  }

  async getCard(cardId: string): Promise<E.Either<DomainError, IssuedCard>> {
    const failure = this.faults.failureOf('issuing', 'getCard');
    if (failure) return E.left(failure);
    return this.streams.guard(async () => {
      const state = await this.stateOf(cardId);
      return state.exists ? E.right(state.card) : E.left(cardNotFound());
    });
  }

  async revealCard(cardId: string): Promise<E.Either<DomainError, RevealedCard>> {
    const failure = this.faults.failureOf('issuing', 'revealCard');
    if (failure) return E.left(failure);
    return this.streams.guard(async () => {
      const state = await this.stateOf(cardId);
      if (!state.exists) return E.left(cardNotFound());
      const { card } = state;
      const refused = revealRefusal(card, this.options.clock.now());
      if (refused) return E.left(refused);
      return E.right({
        number: this.secrets.numberOf(cardId, state.numberVariant),
        cvc: this.secrets.cvcOf(cardId),
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
    });
  }

  async closeCard(cardId: string): Promise<E.Either<DomainError, IssuedCard>> {
    const failure = this.faults.failureOf('issuing', 'closeCard');
    if (failure) return E.left(failure);
    if (!isPrefixedUuid('ic', cardId)) return E.left(cardNotFound());
    return this.streams.guard(async () => {
      const closed = await this.cards.execute(cardId, () => ({
        type: 'CloseCard',
        data: { now: this.options.clock.now() },
      }));
      return E.flatMap(({ state }: { state: IssuedCardState }) =>
        state.exists ? E.right(state.card) : E.left(cardNotFound()),
      )(closed);
    });
  }

  async listAuthorizations(cardId: string): Promise<E.Either<DomainError, readonly CardAuthorization[]>> {
    const failure = this.faults.failureOf('issuing', 'listAuthorizations');
    if (failure) return E.left(failure);
    return this.streams.guard(async () => {
      const state = await this.stateOf(cardId);
      return state.exists ? E.right(state.authorizations) : E.left(cardNotFound());
    });
  }

  /** The card network's question: decided on the card as it stands, and recorded, approved or not. */
  async authorize(request: NetworkAuthorizationRequest): Promise<E.Either<DomainError, NetworkAuthorizationAnswer>> {
    const failure = this.faults.failureOf('issuing', 'authorize');
    if (failure) return E.left(failure);
    const digits = normalizeCardNumber(request.card.number);
    const unknown = {
      authorizationId: `auth_${this.ids.uuid()}`,
      approved: false,
      declineCode: 'unknown_card',
    } as const;
    if (!isSandboxIssuerNumber(digits)) return E.right(unknown);
    return this.streams.guard(async () => {
      const cardId = await this.cards.cardOfNumber(this.secrets.indexOf(digits));
      if (!cardId) return E.right(unknown);
      const decided = await this.cards.execute(cardId, (state) => {
        const card = state.exists ? state.card : undefined;
        const authorizations = state.exists ? state.authorizations.length : 0;
        return {
          type: 'AuthorizeCard',
          data: {
            authorizationId: `auth_${derivedUuid('card-authorization', `${cardId}:${authorizations}`)}`,
            ask: {
              amount: request.amount,
              merchant: request.merchant,
              cvcCheck: request.card.cvc === this.secrets.cvcOf(cardId) ? 'match' : 'mismatch',
              expiryCheck:
                card?.expMonth === request.card.expMonth && card.expYear === fullExpiryYear(request.card.expYear)
                  ? 'match'
                  : 'mismatch',
            },
            now: this.options.clock.now(),
          },
        };
      });
      if (E.isLeft(decided)) return decided;
      const event = decided.right.events[0];
      if (event?.type !== 'SandboxCardAuthorizationDecided') return E.right(unknown);
      const { authorizationId, approved, declineCode } = event.data.authorization;
      return E.right({ authorizationId, approved, ...(declineCode ? { declineCode } : {}) });
    });
  }

  authorizationsAfter(after: string | null, limit: number): Promise<E.Either<DomainError, CardAuthorizationPage>> {
    const failure = this.faults.failureOf('issuing', 'authorizationsAfter');
    if (failure) return Promise.resolve(E.left(failure));
    return this.streams.guard(async () =>
      E.right(
        await authorizationsAfter({ store: this.state.store, streams: this.streams, cards: this.cards }, after, limit),
      ),
    );
  }

  private async stateOf(cardId: string): Promise<IssuedCardState> {
    return isPrefixedUuid('ic', cardId) ? (await this.cards.load(cardId)).state : { exists: false };
  }

  /** The first candidate number no other card holds, filed under the card (a retry finds its own). */
  private async claimNumber(cardId: string): Promise<number | null> {
    for (let variant = 0; variant < MAX_VARIANTS; variant++) {
      if (await this.cards.assignNumber(this.secrets.indexOf(this.secrets.numberOf(cardId, variant)), cardId))
        return variant;
    }
    return null;
  }
}
