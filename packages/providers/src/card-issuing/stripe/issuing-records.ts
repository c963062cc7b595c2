import { WrongExpectedRevisionError } from '@paykit/event-store';
import type { ProviderStreams } from '../../state/provider-streams.js';
import { derivedUuid } from '../../state/derived-ids.js';
import type { CardAuthorization } from '../card-issuing-port.js';

const DECIDED = 'StripeCardAuthorizationDecided';
const CARDHOLDER = 'StripeCardholderCreated';
/** Concurrent decisions on one card (other instances) decide again this often. */
const MAX_ATTEMPTS = 8;

const decisionsStream = (cardId: string): string => `stripeIssuingCard-${cardId}`;
const cardholderStream = (buyer: string): string =>
  `stripeIssuingCardholder-${derivedUuid('stripe-cardholder', buyer)}`;

/**
 * What only we know of Stripe's cards, in the service's event store, sealed: each real-time
 * decision on a card (appended at the revision read, so two requests at once approve at most one,
 * on any instance) and the cardholder made for each buyer.
 */
export class IssuingRecords {
  constructor(private readonly streams: ProviderStreams) {}

  async decisionsOf(cardId: string): Promise<{ decisions: CardAuthorization[]; revision: bigint | 'no_stream' }> {
    const stream = decisionsStream(cardId);
    const recorded = await this.streams.read(stream);
    return {
      decisions: recorded.map(
        (event) => this.streams.open<{ authorization: CardAuthorization }>(stream, event.data).authorization,
      ),
      revision: recorded.at(-1)?.revision ?? 'no_stream',
    };
  }

  /**
   * Decides on the card's decisions so far with `decide` and records it; a decision already
   * recorded for the same authorization (Stripe repeating its request) is answered again.
   */
  async decide(
    cardId: string,
    authorizationId: string,
    decide: (earlier: readonly CardAuthorization[]) => CardAuthorization,
  ): Promise<CardAuthorization> {
    const stream = decisionsStream(cardId);
    for (let attempt = 1; ; attempt++) {
      const { decisions, revision } = await this.decisionsOf(cardId);
      const earlier = decisions.find((each) => each.authorizationId === authorizationId);
      if (earlier) return earlier;
      const authorization = decide(decisions);
      try {
        await this.streams.append(
          stream,
          [{ type: DECIDED, data: this.streams.seal(stream, { authorization }) }],
          revision,
        );
        return authorization;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async cardholderOf(buyer: string): Promise<string | undefined> {
    const stream = cardholderStream(buyer);
    const [created] = await this.streams.read(stream);
    return created ? this.streams.open<{ cardholderId: string }>(stream, created.data).cardholderId : undefined;
  }

  /** Files the buyer's cardholder; the first filed wins (two runs of one buyer at once made the same one). */
  async fileCardholder(buyer: string, cardholderId: string): Promise<string> {
    const stream = cardholderStream(buyer);
    const created = await this.streams.create(stream, [
      { type: CARDHOLDER, data: this.streams.seal(stream, { cardholderId }) },
    ]);
    return created ? cardholderId : ((await this.cardholderOf(buyer)) ?? cardholderId);
  }

  /** The Idempotency-Key of the buyer's cardholder: a crash between creating and filing reaches the same one. */
  static cardholderKey(buyer: string): string {
    return `paykit-cardholder-${derivedUuid('stripe-cardholder', buyer)}`;
  }
}
