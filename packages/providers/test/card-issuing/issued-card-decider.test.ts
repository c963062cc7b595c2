import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  type AuthorizationAsk,
  type IssuedCardEvent,
  decideAuthorization,
  issuedCardDecider,
  merchantOriginOf,
} from '../../src/index.js';
import type { IssuedCard } from '../../src/index.js';

const ISSUED_AT = new Date('2026-05-01T12:00:00.000Z');
const during = new Date('2026-05-01T12:05:00.000Z');

const card: IssuedCard = {
  cardId: 'ic_00000000-0000-4000-8000-000000000001',
  brand: 'visa',
  last4: '4242',
  expMonth: 5,
  expYear: 2029,
  cardholderName: 'Alice Shopper',
  controls: {
    cap: { amount: '49.94', currency: 'USD' },
    maxApprovals: 1,
    merchantOrigin: 'http://127.0.0.1:43121',
    expiresAt: '2026-05-01T12:30:00.000Z',
  },
  metadata: { runId: 'run-1' },
  status: 'active',
  createdAt: ISSUED_AT.toISOString(),
};

const ask = (overrides: Partial<AuthorizationAsk> = {}): AuthorizationAsk => ({
  amount: { amount: '49.94', currency: 'USD' },
  merchant: { name: 'Tidy Goods', url: 'http://127.0.0.1:43121/checkout' },
  cvcCheck: 'match',
  expiryCheck: 'match',
  ...overrides,
});

const issued: IssuedCardEvent = { type: 'SandboxCardIssued', data: { card, numberVariant: 0 } };
const closed: IssuedCardEvent = { type: 'SandboxCardClosed', data: { closedAt: during.toISOString() } };
const decided = (authorizationId: string, approved: boolean, amount = '49.94'): IssuedCardEvent => ({
  type: 'SandboxCardAuthorizationDecided',
  data: {
    authorization: {
      authorizationId,
      cardId: card.cardId,
      amount: { amount, currency: 'USD' },
      merchant: { name: 'Tidy Goods', url: 'http://127.0.0.1:43121/checkout' },
      approved,
      ...(approved ? {} : { declineCode: 'incorrect_cvc' as const }),
      createdAt: during.toISOString(),
    },
  },
});

const spec = DeciderSpecification.for(issuedCardDecider);
const authorize = (authorizationId: string, overrides: Partial<AuthorizationAsk> = {}, now = during) =>
  ({ type: 'AuthorizeCard', data: { authorizationId, ask: ask(overrides), now } }) as const;
const declineOf = (events: readonly IssuedCardEvent[]) =>
  events[0]?.type === 'SandboxCardAuthorizationDecided' ? events[0].data.authorization : undefined;

describe('the sandbox issuer card decider', () => {
  it('given nothing, when a card is issued, then it is', () => {
    spec
      .given([])
      .when({ type: 'IssueCard', data: { card, numberVariant: 0 } })
      .then([issued]);
  });

  it('given an issued card, when it is issued again (the same key), then nothing happens', () => {
    spec
      .given([issued])
      .when({ type: 'IssueCard', data: { card: { ...card, last4: '0000' }, numberVariant: 1 } })
      .thenNothingHappened();
  });

  it.each([
    [{ cardholderName: ' ' }, 'invalid_cardholder'],
    [{ controls: { ...card.controls, cap: { amount: '0', currency: 'USD' } } }, 'invalid_amount'],
    [{ controls: { ...card.controls, cap: { amount: '1', currency: 'usd' } } }, 'invalid_currency'],
    [{ controls: { ...card.controls, merchantOrigin: 'http://shop.example/checkout' } }, 'invalid_merchant'],
    [{ controls: { ...card.controls, maxApprovals: 0 } }, 'invalid_controls'],
    [{ controls: { ...card.controls, expiresAt: ISSUED_AT.toISOString() } }, 'invalid_controls'],
  ] as const)('refuses to issue %p', (overrides, code) => {
    spec
      .given([])
      .when({ type: 'IssueCard', data: { card: { ...card, ...overrides }, numberVariant: 0 } })
      .thenFails({ code });
  });

  it('given an open card, when the declared amount is asked at the locked origin, then it is approved', () => {
    spec
      .given([issued])
      .when(authorize('auth_1'))
      .then([decided('auth_1', true)]);
  });

  it('given an approved authorization, when a second one is asked, then it is declined already_authorized', () => {
    const events = spec
      .given([issued, decided('auth_1', true)])
      .when(authorize('auth_2', { amount: { amount: '1.00', currency: 'USD' } }))
      .events();
    expect(declineOf(events)).toMatchObject({ approved: false, declineCode: 'already_authorized' });
  });

  it('given a declined authorization, when the right details come next, then that one is approved', () => {
    const events = spec
      .given([issued, decided('auth_1', false)])
      .when(authorize('auth_2'))
      .events();
    expect(declineOf(events)).toMatchObject({ authorizationId: 'auth_2', approved: true });
  });

  it.each([
    ['an amount above the cap', { amount: { amount: '49.95', currency: 'USD' } }, 'over_cap'],
    ['another currency', { amount: { amount: '49.94', currency: 'EUR' } }, 'currency_mismatch'],
    ['another origin', { merchant: { name: 'Tidy Goods', url: 'https://127.0.0.1:43121/' } }, 'merchant_mismatch'],
    ['another port', { merchant: { name: 'Tidy Goods', url: 'http://127.0.0.1:43122/' } }, 'merchant_mismatch'],
    ['a wrong security code', { cvcCheck: 'mismatch' }, 'incorrect_cvc'],
    ['a wrong expiry', { expiryCheck: 'mismatch' }, 'card_expired'],
  ] as const)('given an open card, when %s is asked, then it is declined', (_what, overrides, declineCode) => {
    const events = spec.given([issued]).when(authorize('auth_1', overrides)).events();
    expect(declineOf(events)).toMatchObject({ approved: false, declineCode });
  });

  it('given a closed card, when anything is asked, then it is declined card_closed', () => {
    const events = spec
      .given([issued, closed])
      .when(authorize('auth_1', { cvcCheck: 'mismatch' }))
      .events();
    expect(declineOf(events)).toMatchObject({ approved: false, declineCode: 'card_closed' });
  });

  it('given a card past its lifetime, when the declared amount is asked, then it is declined card_expired', () => {
    const events = spec
      .given([issued])
      .when(authorize('auth_1', {}, new Date(card.controls.expiresAt)))
      .events();
    expect(declineOf(events)).toMatchObject({ approved: false, declineCode: 'card_expired' });
  });

  it('refuses to decide the same authorization twice, and anything on a card it never issued', () => {
    spec
      .given([issued, decided('auth_1', true)])
      .when(authorize('auth_1'))
      .thenFails({ code: 'authorization_exists' });
    spec.given([]).when(authorize('auth_1')).thenFails({ code: 'card_not_found' });
  });

  it('closes once', () => {
    spec
      .given([issued])
      .when({ type: 'CloseCard', data: { now: during } })
      .then([closed]);
    spec
      .given([issued, closed])
      .when({ type: 'CloseCard', data: { now: during } })
      .thenNothingHappened();
  });
});

describe('decideAuthorization', () => {
  const open = { status: 'active' as const, controls: card.controls, approvals: 0, approvedTotal: '0' };

  it('keeps a cap of all time: what was approved before counts (a card allowed more than one approval)', () => {
    const twice = { ...open, controls: { ...card.controls, maxApprovals: 2 } };
    expect(
      decideAuthorization(
        { ...twice, approvals: 1, approvedTotal: '40' },
        ask({ amount: { amount: '9.94', currency: 'USD' } }),
        during,
      ),
    ).toEqual({ approved: true });
    expect(
      decideAuthorization(
        { ...twice, approvals: 1, approvedTotal: '40' },
        ask({ amount: { amount: '9.95', currency: 'USD' } }),
        during,
      ),
    ).toEqual({ approved: false, declineCode: 'over_cap' });
  });

  it('compares currencies whatever their case', () => {
    expect(decideAuthorization(open, ask({ amount: { amount: '10', currency: 'usd' } }), during)).toEqual({
      approved: true,
    });
  });
});

describe('merchantOriginOf', () => {
  it('folds case and default ports, and refuses what is not http(s)', () => {
    expect(merchantOriginOf('HTTP://Shop.Example:80/checkout?x=1')).toBe('http://shop.example');
    expect(merchantOriginOf('https://shop.example:443/')).toBe('https://shop.example');
    expect(merchantOriginOf('https://shop.example:8443/')).toBe('https://shop.example:8443');
    expect(merchantOriginOf('ftp://shop.example/')).toBeNull();
    expect(merchantOriginOf('not a url')).toBeNull();
  });
});
