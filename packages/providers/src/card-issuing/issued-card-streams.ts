import { WrongExpectedRevisionError } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, fold } from '@paykit/kernel';
import type { ProviderStreams } from '../state/provider-streams.js';
import {
  type IssuedCardCommand,
  type IssuedCardEvent,
  type IssuedCardState,
  issuedCardDecider,
} from './issued-card-decider.js';

export const ISSUED_CARD_STREAM_PREFIX = 'sandboxIssuedCard-';
export const issuedCardStream = (cardId: string): string => `${ISSUED_CARD_STREAM_PREFIX}${cardId}`;
/** Which card holds a number, named by the number's keyed hash (CardSecrets.indexOf). */
export const cardNumberStream = (numberIndex: string): string => `sandboxIssuedCardNumber-${numberIndex}`;
export const CARD_NUMBER_ASSIGNED = 'SandboxCardNumberAssigned';

type Executed = E.Either<DomainError, { readonly state: IssuedCardState; readonly events: readonly IssuedCardEvent[] }>;

/** Concurrent writers to one card (two authorizations at once, a close) decide again this often. */
const MAX_ATTEMPTS = 8;

/** The sandbox issuer's cards: each a stream of sealed events, decided by `issuedCardDecider`. */
export class IssuedCardStreams {
  /** Decisions on one card in this instance wait for each other: only other instances make them retry. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly streams: ProviderStreams) {}

  async load(cardId: string): Promise<{ readonly state: IssuedCardState; readonly revision: bigint | 'no_stream' }> {
    const stream = issuedCardStream(cardId);
    const recorded = await this.streams.read(stream);
    const events = recorded.map(
      (event) => ({ type: event.type, data: this.streams.open(stream, event.data) }) as IssuedCardEvent,
    );
    return { state: fold(issuedCardDecider, events), revision: recorded.at(-1)?.revision ?? 'no_stream' };
  }

  /**
   * Loads, decides with `command(state)`, appends at the revision read; a concurrent write makes
   * it load and decide again, so every decision is taken on the card as it stands.
   */
  execute(cardId: string, command: (state: IssuedCardState) => IssuedCardCommand): Promise<Executed> {
    const previous = this.queues.get(cardId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.decideAndAppend(cardId, command));
    const settled = next.catch(() => undefined);
    this.queues.set(cardId, settled);
    void settled.then(() => {
      if (this.queues.get(cardId) === settled) this.queues.delete(cardId);
    });
    return next;
  }

  private async decideAndAppend(
    cardId: string,
    command: (state: IssuedCardState) => IssuedCardCommand,
  ): Promise<Executed> {
    const stream = issuedCardStream(cardId);
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(cardId);
      const decided = issuedCardDecider.decide(command(state), state);
      if (E.isLeft(decided)) return decided;
      const events = decided.right;
      if (events.length === 0) return E.right({ state, events });
      try {
        await this.streams.append(
          stream,
          events.map((event) => ({ type: event.type, data: this.streams.seal(stream, event.data) })),
          revision,
        );
        return E.right({ state: events.reduce(issuedCardDecider.evolve, state), events });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** The card filed under a number's keyed hash, if any. */
  async cardOfNumber(numberIndex: string): Promise<string | undefined> {
    const stream = cardNumberStream(numberIndex);
    const [assigned] = await this.streams.read(stream);
    return assigned ? this.streams.open<{ cardId: string }>(stream, assigned.data).cardId : undefined;
  }

  /** Files a number under `cardId`: false when another card holds it. */
  async assignNumber(numberIndex: string, cardId: string): Promise<boolean> {
    const stream = cardNumberStream(numberIndex);
    const created = await this.streams.create(stream, [
      { type: CARD_NUMBER_ASSIGNED, data: this.streams.seal(stream, { cardId }) },
    ]);
    return created || (await this.cardOfNumber(numberIndex)) === cardId;
  }
}
