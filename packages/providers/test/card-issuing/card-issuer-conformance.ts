import type { ManualClock, Money } from '@paykit/kernel';
import type {
  CardAuthorizationFeed,
  CardDeclineCode,
  CardIssuerPort,
  CardMerchant,
  IssueCardRequest,
  IssuedCard,
  RevealedCard,
} from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';

/** What a shop's processor sends the network for a card: the details as typed, the amount, who asks. */
export interface NetworkAsk {
  readonly details: RevealedCard;
  readonly amount: Money;
  readonly merchant: CardMerchant;
}

export interface NetworkAnswer {
  readonly authorizationId: string;
  readonly approved: boolean;
  readonly declineCode?: CardDeclineCode;
}

/** One issuer under test, with the card network in front of it (the sandbox's own, or Stripe's through the mock). */
export interface IssuerUnderTest {
  readonly issuer: CardIssuerPort & CardAuthorizationFeed;
  readonly clock: ManualClock;
  /** Asks the network about a card; `at once` asks are all put before any is decided. */
  pay(card: IssuedCard, asks: readonly NetworkAsk[]): Promise<NetworkAnswer[]>;
}

export const MERCHANT: CardMerchant = { name: 'Tidy Goods', url: 'https://tidygoods.example/checkout' };
const ORIGIN = 'https://tidygoods.example';

export const cardRequest = (clock: ManualClock, key = 'run-1:attempt-1'): IssueCardRequest => ({
  idempotencyKey: `${key}:${clock.now().getTime()}`,
  cardholder: { name: 'Alice Shopper' },
  controls: {
    cap: { amount: '49.94', currency: 'USD' },
    maxApprovals: 1,
    merchantOrigin: ORIGIN,
    expiresAt: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
  },
  metadata: { projectId: 'project-1', runId: 'run-1', attemptId: key },
});

const ask = (details: RevealedCard, overrides: Partial<NetworkAsk> = {}): NetworkAsk => ({
  details,
  amount: { amount: '49.94', currency: 'USD' },
  merchant: MERCHANT,
  ...overrides,
});

/**
 * What every card issuer does (docs/adr/0226, 0901): virtual cards capped at the declared total,
 * locked to one merchant, one approval, no details once closed, every decision listed.
 */
export const describeCardIssuer = (name: string, setup: () => Promise<IssuerUnderTest> | IssuerUnderTest): void => {
  describe(`${name}, as every card issuer`, () => {
    let subject: IssuerUnderTest;
    let issuer: IssuerUnderTest['issuer'];
    const issue = async (key?: string) => {
      const card = rightOf(await issuer.issueCard(cardRequest(subject.clock, key)));
      return { card, details: rightOf(await issuer.revealCard(card.cardId)) };
    };
    const payOnce = async (card: IssuedCard, one: NetworkAsk) => (await subject.pay(card, [one]))[0]!;

    beforeEach(async () => {
      subject = await setup();
      issuer = subject.issuer;
    });

    it('issues an open virtual card with its controls and metadata, the same card for the same key', async () => {
      const request = cardRequest(subject.clock);
      const card = rightOf(await issuer.issueCard(request));
      expect(card).toMatchObject({
        status: 'active',
        cardholderName: 'Alice Shopper',
        controls: request.controls,
        metadata: request.metadata,
      });
      const details = rightOf(await issuer.revealCard(card.cardId));
      expect(details.number.slice(-4)).toBe(card.last4);
      expect(details.cvc).toMatch(/^\d{3}$/);
      expect({ expMonth: details.expMonth, expYear: details.expYear }).toEqual({
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
      expect(rightOf(await issuer.issueCard(request)).cardId).toBe(card.cardId);
      expect(rightOf(await issuer.getCard(card.cardId))).toEqual(card);
      const other = rightOf(await issuer.issueCard(cardRequest(subject.clock, 'run-1:attempt-2')));
      expect(other.cardId).not.toBe(card.cardId);
    });

    it('refuses a card it cannot issue as asked', async () => {
      const request = cardRequest(subject.clock);
      expect(leftOf(await issuer.issueCard({ ...request, cardholder: { name: ' ' } })).kind).toBe('invalid');
      expect(
        leftOf(await issuer.issueCard({ ...request, controls: { ...request.controls, merchantOrigin: 'shop' } })).kind,
      ).toBe('invalid');
    });

    it('approves the declared amount once at the locked merchant, declines a second, and lists both', async () => {
      const { card, details } = await issue();
      // Less than the cap: what stops the second is the one approval, not the cap.
      const first = await payOnce(card, ask(details, { amount: { amount: '20', currency: 'USD' } }));
      expect(first).toMatchObject({ approved: true });
      const second = await payOnce(card, ask(details, { amount: { amount: '1.00', currency: 'USD' } }));
      expect(second).toMatchObject({ approved: false, declineCode: 'already_authorized' });
      const seen = rightOf(await issuer.listAuthorizations(card.cardId));
      expect(seen.map((each) => [each.authorizationId, each.approved, each.declineCode])).toEqual([
        [first.authorizationId, true, undefined],
        [second.authorizationId, false, 'already_authorized'],
      ]);
      expect(seen[0]).toMatchObject({ cardId: card.cardId, amount: { amount: '20', currency: 'USD' } });
    });

    it('declines more than the cap, another currency, another merchant and a wrong security code', async () => {
      const { card, details } = await issue();
      const declineOf = async (one: NetworkAsk) => (await payOnce(card, one)).declineCode;
      expect(await declineOf(ask(details, { amount: { amount: '49.95', currency: 'USD' } }))).toBe('over_cap');
      expect(await declineOf(ask(details, { amount: { amount: '49.94', currency: 'EUR' } }))).toBe('currency_mismatch');
      expect(await declineOf(ask(details, { merchant: { name: 'Other', url: 'https://other.example/' } }))).toBe(
        'merchant_mismatch',
      );
      expect(await declineOf(ask({ ...details, cvc: details.cvc === '000' ? '001' : '000' }))).toBe('incorrect_cvc');
      // None of them used the one approval up.
      expect((await payOnce(card, ask(details))).approved).toBe(true);
    });

    it('approves exactly one of many authorizations asked at once', async () => {
      const { card, details } = await issue();
      const answers = await subject.pay(
        card,
        Array.from({ length: 6 }, () => ask(details)),
      );
      expect(answers.filter((answer) => answer.approved)).toHaveLength(1);
      expect(rightOf(await issuer.listAuthorizations(card.cardId))).toHaveLength(6);
    });

    it('gives no details once the card is closed or past its lifetime, and declines it card_closed', async () => {
      const { card, details } = await issue();
      const closed = rightOf(await issuer.closeCard(card.cardId));
      expect(closed).toMatchObject({ cardId: card.cardId, status: 'closed' });
      expect(rightOf(await issuer.closeCard(card.cardId))).toEqual(closed);
      expect(leftOf(await issuer.revealCard(card.cardId)).code).toBe('card_closed');
      expect((await payOnce(card, ask(details))).declineCode).toBe('card_closed');

      const lapsing = rightOf(await issuer.issueCard(cardRequest(subject.clock, 'run-1:attempt-2')));
      subject.clock.advance(30 * 60_000);
      expect(leftOf(await issuer.revealCard(lapsing.cardId)).code).toBe('card_expired');
    });

    it('answers card_not_found for a card it never issued', async () => {
      expect(leftOf(await issuer.getCard('ic_not-a-card')).code).toBe('card_not_found');
      expect(leftOf(await issuer.closeCard('ic_not-a-card')).code).toBe('card_not_found');
    });

    it('feeds every authorization it decided, oldest first, with what its card is for, page by page', async () => {
      const start = rightOf(await issuer.authorizationsAfter(null, 1000));
      let cursor = start.next;
      const cards = [(await issue('a')).card, (await issue('b')).card];
      for (const card of cards) await payOnce(card, ask(rightOf(await issuer.revealCard(card.cardId))));
      const page = rightOf(await issuer.authorizationsAfter(cursor, 1));
      expect(page.authorizations).toHaveLength(1);
      expect(page.authorizations[0]).toMatchObject({
        authorization: { cardId: cards[0]?.cardId, approved: true },
        metadata: { runId: 'run-1', attemptId: 'a' },
      });
      cursor = page.next;
      const rest = rightOf(await issuer.authorizationsAfter(cursor, 10));
      expect(rest.authorizations.map((each) => each.authorization.cardId)).toEqual([cards[1]?.cardId]);
      expect(rightOf(await issuer.authorizationsAfter(rest.next, 10)).authorizations).toEqual([]);
    });
  });
};
