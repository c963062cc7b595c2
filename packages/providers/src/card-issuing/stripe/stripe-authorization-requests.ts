import * as E from 'fp-ts/lib/Either.js';
import Stripe from 'stripe';
import { Decimal, type Clock, type DomainError, invalid } from '@paykit/kernel';
import type { ProviderState } from '../../state/provider-state.js';
import { ProviderStreams } from '../../state/provider-streams.js';
import { decideAuthorization } from '../authorization-decision.js';
import type { CardAuthorization } from '../card-issuing-port.js';
import { askOf } from './issuing-authorization.js';
import { issuedCardOf } from './issuing-card.js';
import { IssuingRecords } from './issuing-records.js';
import { text } from '../../cards/stripe/stripe-json.js';

export interface StripeAuthorizationRequestsOptions {
  /** The signing secret (`whsec_...`) of the endpoint Stripe sends `issuing_authorization.request` to. */
  readonly endpointSecret: string;
  readonly clock: Clock;
  /** The same store as the issuer's: the decisions are the one-approval lock. */
  readonly state: ProviderState;
}

/** Stripe's synchronous answer to `issuing_authorization.request`: the body our endpoint responds with. */
export interface AuthorizationRequestAnswer {
  readonly approved: boolean;
}

/** An event that asks nothing of us (`issuing_authorization.created`, ...), acknowledged as received. */
export type AuthorizationWebhookAnswer = AuthorizationRequestAnswer | undefined;

const badSignature = (): DomainError =>
  invalid('invalid_webhook_signature', 'The Stripe-Signature header does not sign this body with our endpoint secret');

/**
 * The issuer's real-time decision on Stripe (docs/adr/0901): the signed request is verified with
 * the SDK's `constructEvent`, the card's controls read from the card Stripe sends with it, and
 * `decideAuthorization` decides on our earlier decisions on that card, recorded at the revision
 * read (one approval, on any instance). A repeated request is answered as it was decided.
 */
export class StripeAuthorizationRequests {
  private readonly records: IssuingRecords;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: StripeAuthorizationRequestsOptions) {
    this.streams = new ProviderStreams(options.state, 'issuing', options.clock);
    this.records = new IssuingRecords(this.streams);
  }

  async answer(
    payload: Buffer,
    signature: string | undefined,
  ): Promise<E.Either<DomainError, AuthorizationWebhookAnswer>> {
    if (signature === undefined || signature === '') return E.left(badSignature());
    let event: Stripe.Event;
    try {
      const receivedAt = this.options.clock.now().getTime();
      event = Stripe.webhooks.constructEvent(
        payload,
        signature,
        this.options.endpointSecret,
        undefined,
        undefined,
        receivedAt,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return E.left(badSignature());
      return E.left(invalid('invalid_webhook_payload', 'The webhook body is not a Stripe event'));
    }
    if (event.type !== 'issuing_authorization.request') return E.right(undefined);
    return this.streams.guard(() => this.decide(event.data.object));
  }

  private async decide(authorization: unknown): Promise<E.Either<DomainError, AuthorizationWebhookAnswer>> {
    const authorizationId = text(authorization, 'id');
    const ask = askOf(authorization);
    const card = issuedCardOf((authorization as { card?: unknown }).card);
    // What we cannot read we cannot approve: Stripe declines on a 4xx, and so do we.
    if (!authorizationId || E.isLeft(ask) || E.isLeft(card))
      return E.left(invalid('invalid_webhook_payload', 'The authorization request names no card we issued'));
    const now = this.options.clock.now();
    const decided = await this.records.decide(card.right.cardId, authorizationId, (earlier) => {
      const approved = earlier.filter((each) => each.approved);
      const decision = decideAuthorization(
        {
          status: card.right.status,
          controls: card.right.controls,
          approvals: approved.length,
          approvedTotal: approved.reduce((sum, each) => sum.add(each.amount.amount), new Decimal(0)).toString(),
        },
        ask.right,
        now,
      );
      const recorded: CardAuthorization = {
        authorizationId,
        cardId: card.right.cardId,
        amount: ask.right.amount,
        merchant: ask.right.merchant,
        approved: decision.approved,
        ...(!decision.approved && { declineCode: decision.declineCode }),
        createdAt: now.toISOString(),
      };
      return recorded;
    });
    return E.right({ approved: decided.approved });
  }
}
