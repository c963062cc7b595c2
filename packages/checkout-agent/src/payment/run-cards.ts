import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type RunCard,
  type RunCardAuthorization,
  type RunCardDetails,
  cardsToClose,
} from '@paykit/checkout-runs';
import { type Clock, type DomainError, conflict, domainError } from '@paykit/kernel';
import {
  type CardAuthorization as IssuerAuthorization,
  type CardIssuerPort,
  type IssuedCard,
  type RevealedCard,
  merchantOriginOf,
} from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { RunnerLogger } from '../logger.js';
import type { CardAuthorization, CardDeclineCode, VirtualCard } from '../strategy/strategy-port.js';

/** A card lives minutes: long enough to check out, short if its details leaked. */
export const DEFAULT_CARD_TTL_MS = 30 * 60_000;

/** Sends a command to one run; how depends on who relays (the run's session, or the sweeper). */
export type SendToRun = (command: CheckoutRunCommand) => Promise<E.Either<DomainError, unknown>>;

/** The name a virtual card carries when the buyer profile gives none: the project's (the API looks it up). */
export type CardholderNameSource = (run: {
  readonly runId: string;
  readonly projectId: string;
}) => Promise<string | null>;

export interface RunCardsOptions {
  readonly issuer: CardIssuerPort;
  readonly clock: Clock;
  readonly logger: RunnerLogger;
  /** How long an issued card stays open. Default 30 minutes. */
  readonly ttlMs?: number;
}

export const noCardIssuer = (): DomainError =>
  domainError('unavailable', 'card_issuing_unavailable', 'This runner has no card issuer: it cannot pay card forms');
export const noPaymentStarted = (attemptId: string): DomainError =>
  conflict('payment_not_started', 'A virtual card is issued only for the payment startPayment accepted', { attemptId });

/**
 * The runner's side of the card issuer (docs/adr/0226): a card per payment attempt, capped at
 * the total the attempt declared, locked to the run's merchant; what the issuer saw on it, relayed
 * into the run; and closing it once the attempt is over. Nothing here logs or records a card's
 * number or security code: they go from `reveal` to the strategy and nowhere else.
 */
export class RunCards {
  constructor(private readonly options: RunCardsOptions) {}

  /** Issues the attempt's card at the issuer (the same card again for the same attempt). */
  async issue(run: CheckoutRun, attemptId: string, cardholderName: string): Promise<E.Either<DomainError, IssuedCard>> {
    const payment = run.payment;
    if (payment?.attemptId !== attemptId) return E.left(noPaymentStarted(attemptId));
    const merchantOrigin = merchantOriginOf(run.input.request.startUrl);
    if (!merchantOrigin) return E.left(noPaymentStarted(attemptId));
    return this.options.issuer.issueCard({
      idempotencyKey: `agent-checkout:${run.runId}:${attemptId}`,
      cardholder: { name: cardholderName },
      controls: {
        cap: { amount: payment.total.amount, currency: payment.total.currency },
        maxApprovals: 1,
        merchantOrigin,
        expiresAt: new Date(
          this.options.clock.now().getTime() + (this.options.ttlMs ?? DEFAULT_CARD_TTL_MS),
        ).toISOString(),
      },
      metadata: { projectId: run.projectId, runId: run.runId, attemptId },
    });
  }

  /** The card's details for the shop's form, with what may be shown of it. */
  async reveal(card: IssuedCard): Promise<E.Either<DomainError, VirtualCard>> {
    const revealed = await this.options.issuer.revealCard(card.cardId);
    return E.map((details: RevealedCard) => ({
      number: details.number,
      expMonth: details.expMonth,
      expYear: details.expYear,
      cvc: details.cvc,
      cardholderName: card.cardholderName,
      brand: card.brand,
      last4: card.last4,
    }))(revealed);
  }

  async revealById(cardId: string): Promise<E.Either<DomainError, VirtualCard>> {
    const card = await this.options.issuer.getCard(cardId);
    return E.isLeft(card) ? card : this.reveal(card.right);
  }

  /**
   * What the issuer saw on the card, each authorization the run has not recorded relayed into it
   * (an issuer that cannot be asked leaves the run as it is: the next relay catches up).
   */
  async relay(card: RunCard, send: SendToRun): Promise<readonly RunCardAuthorization[]> {
    const listed = await this.options.issuer.listAuthorizations(card.cardId);
    if (E.isLeft(listed)) {
      this.options.logger.warn({ cardId: card.cardId, code: listed.left.code }, 'card authorizations unavailable');
      return card.authorizations;
    }
    const seen = listed.right.map(toRunAuthorization);
    const recorded = new Set(card.authorizations.map((each) => each.authorizationId));
    for (const authorization of seen.filter((each) => !recorded.has(each.authorizationId))) {
      const sent = await send({
        type: 'RecordCardAuthorization',
        data: { attemptId: card.attemptId, authorization, now: this.options.clock.now() },
      });
      if (E.isLeft(sent))
        this.options.logger.warn({ cardId: card.cardId, code: sent.left.code }, 'card authorization not recorded');
    }
    return seen;
  }

  /** Closes a card at the issuer only (one the run could not record). */
  async closeUnrecorded(card: IssuedCard): Promise<void> {
    const closed = await this.options.issuer.closeCard(card.cardId);
    if (E.isLeft(closed)) this.options.logger.warn({ cardId: card.cardId, code: closed.left.code }, 'card not closed');
  }

  /** Relays what the issuer saw, closes the card there, and records the closing. */
  async close(card: RunCard, send: SendToRun): Promise<boolean> {
    await this.relay(card, send);
    const closed = await this.options.issuer.closeCard(card.cardId);
    if (E.isLeft(closed)) {
      this.options.logger.warn({ cardId: card.cardId, code: closed.left.code }, 'card not closed');
      return false;
    }
    // Declines that came in between are worth recording too; nothing can be approved any more.
    await this.relay(card, send);
    const recorded = await send({
      type: 'RecordCardClosed',
      data: { attemptId: card.attemptId, now: this.options.clock.now() },
    });
    return E.isRight(recorded);
  }

  /** Closes every card of the run whose attempt is over (the run ended, or the attempt took nothing). */
  async closeWhatIsOver(run: CheckoutRun, send: SendToRun): Promise<number> {
    let closed = 0;
    for (const card of cardsToClose(run)) if (await this.close(card, send)) closed++;
    return closed;
  }
}

/** The run's record of an issuer's authorization. */
const toRunAuthorization = (authorization: IssuerAuthorization): RunCardAuthorization => ({
  authorizationId: authorization.authorizationId,
  amount: authorization.amount,
  merchant: authorization.merchant,
  approved: authorization.approved,
  ...(authorization.declineCode ? { declineCode: authorization.declineCode } : {}),
  at: authorization.createdAt,
});

/** The strategy's view of an authorization the run recorded. */
export const toCardAuthorization = (authorization: RunCardAuthorization): CardAuthorization => ({
  authorizationId: authorization.authorizationId,
  amount: authorization.amount,
  merchant: authorization.merchant,
  approved: authorization.approved,
  ...(authorization.declineCode ? { declineCode: authorization.declineCode as CardDeclineCode } : {}),
  at: authorization.at,
});

/** What the run records of an issued card. */
export const runCardDetails = (card: IssuedCard): RunCardDetails => ({
  cardId: card.cardId,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  cap: card.controls.cap,
  merchantOrigin: card.controls.merchantOrigin,
  expiresAt: card.controls.expiresAt,
});
