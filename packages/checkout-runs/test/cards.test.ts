import type { CheckoutRunCommand, CheckoutRunEvent, RunCardAuthorization, RunCardDetails } from '../src/index.js';
import { cardsToClose } from '../src/index.js';
import { cmd } from './commands.js';
import { OTHER_RUNNER, RUNNER, at, ev, fold, given, iso, spec } from './fixtures.js';

const card: RunCardDetails = {
  cardId: 'ic_card-1',
  brand: 'visa',
  last4: '4242',
  expMonth: 3,
  expYear: 2029,
  cap: { amount: '99.90', currency: 'USD' },
  merchantOrigin: 'https://shop.example.test',
  expiresAt: iso(1806),
};

const authorization = (overrides: Partial<RunCardAuthorization> = {}): RunCardAuthorization => ({
  authorizationId: 'auth_1',
  amount: { amount: '99.90', currency: 'USD' },
  merchant: { name: 'Shop', url: 'https://shop.example.test/checkout' },
  approved: true,
  at: iso(7),
  ...overrides,
});

const issue = (
  overrides: Partial<{ runnerId: string; attemptId: string; card: RunCardDetails }> = {},
): CheckoutRunCommand => ({
  type: 'RecordCardIssued',
  data: { runnerId: RUNNER, attemptId: 'pay-1', card, now: at(6), ...overrides },
});
const relay = (seen = authorization(), attemptId = 'pay-1'): CheckoutRunCommand => ({
  type: 'RecordCardAuthorization',
  data: { attemptId, authorization: seen, now: at(7) },
});
const close = (attemptId = 'pay-1'): CheckoutRunCommand => ({
  type: 'RecordCardClosed',
  data: { attemptId, now: at(9) },
});

const issued = (attemptId = 'pay-1'): CheckoutRunEvent => ({
  type: 'CheckoutRunCardIssued',
  data: { attemptId, card, issuedAt: iso(6) },
});
const recorded = (seen = authorization(), attemptId = 'pay-1'): CheckoutRunEvent => ({
  type: 'CheckoutRunCardAuthorizationRecorded',
  data: { attemptId, cardId: card.cardId, last4: '4242', authorization: seen, recordedAt: iso(7) },
});
const closed = (attemptId = 'pay-1'): CheckoutRunEvent => ({
  type: 'CheckoutRunCardClosed',
  data: { attemptId, cardId: card.cardId, closedAt: iso(9) },
});

const withCard = () => [...given.paying(), issued()];

describe('a payment attempt gets a virtual card capped at its declared total', () => {
  it('given a payment in flight, when its card is issued at exactly the declared total, then the run records it', () => {
    spec.given(given.paying()).when(issue()).then([issued()]);
  });

  it('given the card, when the same card is recorded again, then nothing happens; another card is refused', () => {
    spec.given(withCard()).when(issue()).thenNothingHappened();
    spec
      .given(withCard())
      .when(issue({ card: { ...card, cardId: 'ic_card-2' } }))
      .thenFails({ code: 'card_already_issued' });
  });

  it.each([
    ['a cap above the declared total', { ...card, cap: { amount: '99.91', currency: 'USD' } }],
    ['a cap below it', { ...card, cap: { amount: '50', currency: 'USD' } }],
    ['a cap in another currency', { ...card, cap: { amount: '99.90', currency: 'EUR' } }],
  ])('refuses %s', (_what, other) => {
    spec
      .given(given.paying())
      .when(issue({ card: other }))
      .thenFails({ code: 'card_cap_mismatch' });
  });

  it('accepts the declared total however it is written', () => {
    spec
      .given(given.paying())
      .when(issue({ card: { ...card, cap: { amount: '99.900', currency: 'USD' } } }))
      .events();
  });

  it('refuses a card before any payment, for another attempt, from a runner without the lease, and after the end', () => {
    spec.given(given.browsing()).when(issue()).thenFails({ code: 'payment_not_started' });
    spec
      .given(given.paying())
      .when(issue({ attemptId: 'pay-2' }))
      .thenFails({ code: 'payment_attempt_mismatch' });
    spec
      .given(given.paying())
      .when(issue({ runnerId: OTHER_RUNNER }))
      .thenFails({ code: 'lease_not_held' });
    spec.given(given.succeeded()).when(issue()).thenFails({ code: 'checkout_run_final' });
  });

  it('refuses card details that show more than they may', () => {
    spec
      .given(given.paying())
      .when(issue({ card: { ...card, last4: '4000009901234560' } }))
      .thenFails({ code: 'invalid_command', parameters: { field: 'card.last4' } });
  });
});

describe('what the issuer saw on the card', () => {
  it('given the card, when an authorization is relayed, then it is recorded once', () => {
    spec.given(withCard()).when(relay()).then([recorded()]);
    spec
      .given([...withCard(), recorded()])
      .when(relay())
      .thenNothingHappened();
    spec
      .given([...withCard(), recorded()])
      .when(relay(authorization({ amount: { amount: '1', currency: 'USD' } })))
      .thenFails({ code: 'card_authorization_conflict' });
  });

  it('records authorizations and the closing after the run ended (the issuer reports them late)', () => {
    const ended = [...withCard(), ev.succeeded()];
    spec.given(ended).when(relay()).then([recorded()]);
    spec.given(ended).when(close()).then([closed()]);
    spec
      .given([...ended, closed()])
      .when(close())
      .thenNothingHappened();
  });

  it('refuses authorizations of an attempt that has no card', () => {
    spec.given(given.paying()).when(relay()).thenFails({ code: 'card_not_issued' });
    spec.given(given.paying()).when(close()).thenFails({ code: 'card_not_issued' });
  });
});

describe('an approved authorization is money that may have moved', () => {
  const approved = () => [...withCard(), recorded()];

  it('given an approval, when the runner says nothing was charged, then it is refused', () => {
    spec.given(approved()).when(cmd.paymentNotCharged()).thenFails({ code: 'payment_authorized' });
  });

  it('given only declines, when the runner says nothing was charged, then the attempt is resolved', () => {
    spec
      .given([...withCard(), recorded(authorization({ approved: false, declineCode: 'over_cap' }))])
      .when(cmd.paymentNotCharged())
      .then([{ type: 'CheckoutRunPaymentNotCharged', data: { attemptId: 'pay-1', recordedAt: iso(7) } }]);
  });

  it("given an approval, when the shop's decline is reported, then it is refused; a failure is reconciliation_required", () => {
    spec
      .given(approved())
      .when(cmd.block({ code: 'merchant.payment_declined' }))
      .thenFails({ code: 'payment_authorized' });
    spec
      .given(approved())
      .when(cmd.fail())
      .then([ev.failed('reconciliation_required')]);
  });

  it('given an approval, when the run succeeds, then the result shows what the issuer authorized beside the receipt', () => {
    const [succeeded] = spec.given(approved()).when(cmd.succeed()).events();
    expect(succeeded).toMatchObject({
      type: 'CheckoutRunSucceeded',
      data: {
        result: {
          purchase: {
            kind: 'receipt_captured',
            receipt: { total: { amount: '99.90', currency: 'USD' } },
            authorized: { amount: '99.90', currency: 'USD' },
          },
        },
      },
    });
  });

  it('given no virtual card, when the run succeeds, then the result has no authorized amount', () => {
    const [succeeded] = spec.given(given.paying()).when(cmd.succeed()).events();
    expect(JSON.stringify(succeeded)).not.toContain('authorized');
  });
});

describe('cardsToClose', () => {
  it('names the card once its attempt is over, until it is closed', () => {
    expect(cardsToClose(fold(withCard()))).toEqual([]);
    const notCharged: CheckoutRunEvent = {
      type: 'CheckoutRunPaymentNotCharged',
      data: { attemptId: 'pay-1', recordedAt: iso(7) },
    };
    expect(cardsToClose(fold([...withCard(), notCharged])).map((each) => each.cardId)).toEqual([card.cardId]);
    expect(
      cardsToClose(fold([...withCard(), ev.failed('reconciliation_required')])).map((each) => each.cardId),
    ).toEqual([card.cardId]);
    expect(cardsToClose(fold([...withCard(), ev.failed('reconciliation_required'), closed()]))).toEqual([]);
  });
});
