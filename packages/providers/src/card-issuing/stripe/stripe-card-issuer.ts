import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import { type Clock, type DomainError, invalid } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import type { ProviderState } from '../../state/provider-state.js';
import { ProviderStreams } from '../../state/provider-streams.js';
import type {
  CardAuthorization,
  CardAuthorizationFeed,
  CardAuthorizationPage,
  CardIssuerPort,
  FedAuthorization,
  IssueCardRequest,
  IssuedCard,
  RevealedCard,
} from '../card-issuing-port.js';
import { issueRefusal, revealRefusal } from '../issued-card-decider.js';
import { capInMinorUnits, cardCreateParams, issuedCardOf, runMetadataOf } from './issuing-card.js';
import { cardAuthorizationOf } from './issuing-authorization.js';
import { issuingFailureOf } from './issuing-errors.js';
import { IssuingRecords } from './issuing-records.js';
import { field } from '../../cards/stripe/stripe-json.js';

/** Where the issuing program's cardholders are billed (Stripe requires an address per cardholder). */
export interface CardholderBilling {
  readonly line1: string;
  readonly city: string;
  readonly postal_code: string;
  readonly country: string;
  readonly state?: string;
}

export interface StripeCardIssuerOptions {
  readonly stripe: Stripe;
  readonly clock: Clock;
  /** The service's event store: our real-time decisions and the buyers' cardholders. */
  readonly state: ProviderState;
  readonly billing: CardholderBilling;
}

/** Stripe lists at most this many per page. */
const PAGE = 100;

const invalidCap = () => invalid('invalid_amount', 'the cap must be a positive amount in cents');

type Result<A> = Promise<E.Either<DomainError, A>>;

/**
 * The card issuer on Stripe Issuing (docs/adr/0901), through the official SDK: a cardholder per
 * buyer, a virtual card per run with Stripe's own spending limits at the cap, its number and
 * security code by retrieving it expanded, cancelled at the end. What Stripe cannot hold (one
 * approval, the merchant, the lifetime) is decided by `StripeAuthorizationRequests` on Stripe's
 * real-time `issuing_authorization.request`, recorded here.
 */
export class StripeCardIssuer implements CardIssuerPort, CardAuthorizationFeed {
  private readonly records: IssuingRecords;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: StripeCardIssuerOptions) {
    this.streams = new ProviderStreams(options.state, 'issuing', options.clock);
    this.records = new IssuingRecords(this.streams);
  }

  async issueCard(request: IssueCardRequest): Result<IssuedCard> {
    // The sandbox's refusals of what was asked, before Stripe is (what Stripe fills in is not checked).
    const refused = issueRefusal({
      cardId: '',
      brand: 'visa',
      last4: '',
      expMonth: 1,
      expYear: 1,
      cardholderName: request.cardholder.name,
      controls: request.controls,
      metadata: request.metadata,
      status: 'active',
      createdAt: this.options.clock.now().toISOString(),
    });
    if (refused) return E.left(refused);
    const cap = capInMinorUnits(request.controls);
    if (cap === undefined) return E.left(invalidCap());
    return this.call(async () => {
      const cardholder = await this.cardholderFor(request);
      const card = await this.options.stripe.issuing.cards.create(cardCreateParams(request, cardholder, cap), {
        idempotencyKey: request.idempotencyKey,
      });
      return issuedCardOf(card);
    });
  }

  getCard(cardId: string): Result<IssuedCard> {
    return this.call(async () => issuedCardOf(await this.options.stripe.issuing.cards.retrieve(cardId)));
  }

  revealCard(cardId: string): Result<RevealedCard> {
    return this.call(async () => {
      const retrieved = await this.options.stripe.issuing.cards.retrieve(cardId, { expand: ['number', 'cvc'] });
      const card = issuedCardOf(retrieved);
      if (E.isLeft(card)) return card;
      const refused = revealRefusal(card.right, this.options.clock.now());
      if (refused) return E.left(refused);
      const { expMonth, expYear } = card.right;
      const { number, cvc } = retrieved as { number?: unknown; cvc?: unknown };
      if (typeof number !== 'string' || typeof cvc !== 'string') {
        return E.left(providerInvalidResponse('issuing', 'The card issuer revealed a card without its number or code'));
      }
      return E.right({ number, cvc, expMonth, expYear });
    });
  }

  /** Final: `canceled` is Stripe's end of a card; a closed card is answered as it is. */
  closeCard(cardId: string): Result<IssuedCard> {
    return this.call(async () => {
      const card = issuedCardOf(await this.options.stripe.issuing.cards.retrieve(cardId));
      if (E.isLeft(card) || card.right.status === 'closed') return card;
      return issuedCardOf(await this.options.stripe.issuing.cards.update(cardId, { status: 'canceled' }));
    });
  }

  listAuthorizations(cardId: string): Result<readonly CardAuthorization[]> {
    return this.call(async () => {
      const found: unknown[] = [];
      for await (const authorization of this.options.stripe.issuing.authorizations.list({ card: cardId, limit: PAGE }))
        found.push(authorization);
      const { decisions } = await this.records.decisionsOf(cardId);
      return E.sequenceArray(found.reverse().map((each) => this.ours(each, decisions)));
    });
  }

  /**
   * Every authorization on the account, oldest first. Stripe lists newest first: a page after a
   * cursor is the one `ending_before` it, reversed; the first walks back to the oldest once.
   */
  authorizationsAfter(after: string | null, limit: number): Result<CardAuthorizationPage> {
    return this.call(async () => {
      const { authorizations } = this.options.stripe.issuing;
      let page: unknown[];
      let more: boolean;
      if (after === null) {
        const all: unknown[] = [];
        for await (const each of authorizations.list({ limit: PAGE })) all.push(each);
        page = all.reverse().slice(0, limit);
        more = all.length > limit;
      } else {
        const listed = await authorizations.list({ ending_before: after, limit: Math.min(limit, PAGE) });
        page = [...listed.data].reverse();
        more = listed.has_more;
      }
      const fed: FedAuthorization[] = [];
      for (const each of page) {
        const cardId = String(field(field(each, 'card'), 'id'));
        const authorization = this.ours(each, (await this.records.decisionsOf(cardId)).decisions);
        if (E.isLeft(authorization)) return authorization;
        fed.push({ authorization: authorization.right, metadata: runMetadataOf(field(each, 'card')) });
      }
      return E.right({ authorizations: fed, next: fed.at(-1)?.authorization.authorizationId ?? after, more });
    });
  }

  private ours(
    authorization: unknown,
    decisions: readonly CardAuthorization[],
  ): E.Either<DomainError, CardAuthorization> {
    const id = field(authorization, 'id');
    return cardAuthorizationOf(authorization, decisions.find((each) => each.authorizationId === id)?.declineCode);
  }

  /** The buyer's cardholder (the project's buyer by name): made once, found again in our records. */
  private async cardholderFor(request: IssueCardRequest): Promise<string> {
    const buyer = `${request.metadata['projectId'] ?? ''}:${request.cardholder.name}`;
    const known = await this.records.cardholderOf(buyer);
    if (known) return known;
    const created = await this.options.stripe.issuing.cardholders.create(
      {
        type: 'individual',
        name: request.cardholder.name,
        billing: { address: { ...this.options.billing } },
        status: 'active',
        ...(request.metadata['projectId'] !== undefined && { metadata: { projectId: request.metadata['projectId'] } }),
      },
      { idempotencyKey: IssuingRecords.cardholderKey(buyer) },
    );
    return this.records.fileCardholder(buyer, created.id);
  }

  /** Stripe's answer, or its error, as ours; the store's outages as the issuer's. */
  private call<A>(work: () => Result<A>): Result<A> {
    return this.streams.guard(async () => {
      try {
        return await work();
      } catch (error) {
        return E.left(issuingFailureOf(error));
      }
    });
  }
}
