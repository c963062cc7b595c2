import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MemoryEventStore } from '@paykit/event-store';
import {
  type IssueCardRequest,
  type NetworkAuthorizationRequest,
  type ProviderState,
  SandboxCardIssuer,
  SandboxFaults,
  isSandboxIssuerNumber,
  passesLuhn,
} from '../../src/index.js';
import { makeDataDir } from '../state-support.js';
import { KEY, OTHER_KEY, clockAt, leftOf, rightOf } from '../support.js';

const request = (key = 'run-1:attempt-1', overrides: Partial<IssueCardRequest['controls']> = {}): IssueCardRequest => ({
  idempotencyKey: key,
  cardholder: { name: 'Alice Shopper' },
  controls: {
    cap: { amount: '49.94', currency: 'USD' },
    maxApprovals: 1,
    merchantOrigin: 'http://127.0.0.1:43121',
    expiresAt: '2026-05-01T12:30:00.000Z',
    ...overrides,
  },
  metadata: { projectId: 'project-1', runId: 'run-1', attemptId: 'attempt-1' },
});

const setup = (
  state: ProviderState = { store: new MemoryEventStore(), encryptionKey: KEY },
  faults?: SandboxFaults,
) => {
  const clock = clockAt('2026-05-01T12:00:00.000Z');
  return { clock, state, issuer: new SandboxCardIssuer({ clock, state, ...(faults ? { faults } : {}) }) };
};

const payWith = (
  details: { number: string; cvc: string; expMonth: number; expYear: number },
  overrides: Partial<NetworkAuthorizationRequest> = {},
): NetworkAuthorizationRequest => ({
  card: { number: details.number, cvc: details.cvc, expMonth: details.expMonth, expYear: details.expYear },
  amount: { amount: '49.94', currency: 'USD' },
  merchant: { name: 'Tidy Goods', url: 'http://127.0.0.1:43121/checkout' },
  ...overrides,
});

describe('SandboxCardIssuer', () => {
  it('issues a Visa in its range with a Luhn-valid number, the same card for the same key', async () => {
    const { issuer } = setup();
    const card = rightOf(await issuer.issueCard(request()));
    expect(card).toMatchObject({
      cardId: expect.stringMatching(/^ic_/),
      brand: 'visa',
      status: 'active',
      expMonth: 5,
      expYear: 2029,
    });
    const details = rightOf(await issuer.revealCard(card.cardId));
    expect(isSandboxIssuerNumber(details.number)).toBe(true);
    expect(passesLuhn(details.number)).toBe(true);
    expect(details.number.slice(-4)).toBe(card.last4);
    expect(details.cvc).toMatch(/^\d{3}$/);
    expect(rightOf(await issuer.issueCard(request())).cardId).toBe(card.cardId);
    const other = rightOf(await issuer.issueCard(request('run-1:attempt-2')));
    expect(rightOf(await issuer.revealCard(other.cardId)).number).not.toBe(details.number);
  });

  it('derives the same details from the same key after a restart, and other details under another key', async () => {
    const store = new MemoryEventStore();
    const first = setup({ store, encryptionKey: KEY }).issuer;
    const card = rightOf(await first.issueCard(request()));
    const details = rightOf(await first.revealCard(card.cardId));
    expect(rightOf(await setup({ store, encryptionKey: KEY }).issuer.revealCard(card.cardId))).toEqual(details);
    expect(leftOf(await setup({ store, encryptionKey: OTHER_KEY }).issuer.revealCard(card.cardId)).code).toBe(
      'provider_invalid_response',
    );
  });

  it('approves the declared amount once at the locked merchant, and declines a second authorization', async () => {
    const { issuer } = setup();
    const card = rightOf(await issuer.issueCard(request()));
    const details = rightOf(await issuer.revealCard(card.cardId));
    const first = rightOf(await issuer.authorize(payWith(details)));
    expect(first).toEqual({ authorizationId: expect.stringMatching(/^auth_/), approved: true });
    const second = rightOf(await issuer.authorize(payWith(details, { amount: { amount: '1.00', currency: 'USD' } })));
    expect(second).toMatchObject({ approved: false, declineCode: 'already_authorized' });
    const seen = rightOf(await issuer.listAuthorizations(card.cardId));
    expect(seen.map((each) => [each.authorizationId, each.approved, each.declineCode])).toEqual([
      [first.authorizationId, true, undefined],
      [second.authorizationId, false, 'already_authorized'],
    ]);
  });

  it('declines what the card does not allow, and numbers it never issued', async () => {
    const { issuer } = setup();
    const card = rightOf(await issuer.issueCard(request()));
    const details = rightOf(await issuer.revealCard(card.cardId));
    const declineOf = async (ask: NetworkAuthorizationRequest) => rightOf(await issuer.authorize(ask)).declineCode;
    expect(await declineOf(payWith(details, { amount: { amount: '49.95', currency: 'USD' } }))).toBe('over_cap');
    expect(await declineOf(payWith(details, { amount: { amount: '49.94', currency: 'EUR' } }))).toBe(
      'currency_mismatch',
    );
    expect(await declineOf(payWith(details, { merchant: { name: 'Other', url: 'http://127.0.0.2:43121/' } }))).toBe(
      'merchant_mismatch',
    );
    expect(await declineOf(payWith({ ...details, cvc: details.cvc === '000' ? '001' : '000' }))).toBe('incorrect_cvc');
    expect(await declineOf(payWith({ ...details, expYear: details.expYear + 1 }))).toBe('card_expired');
    expect(await declineOf(payWith({ ...details, number: '4242424242424242' }))).toBe('unknown_card');
    const unissued = `${details.number.slice(0, 8)}${'0'.repeat(7)}`;
    expect(
      await declineOf(
        payWith({
          ...details,
          number: `${unissued}${[...Array(10).keys()].find((d) => passesLuhn(`${unissued}${d}`))}`,
        }),
      ),
    ).toBe('unknown_card');
    // A two-digit year is the printed one too.
    expect(rightOf(await issuer.authorize(payWith({ ...details, expYear: details.expYear - 2000 }))).approved).toBe(
      true,
    );
  });

  it('approves exactly one of many authorizations asked at once', async () => {
    const { issuer } = setup();
    const card = rightOf(await issuer.issueCard(request()));
    const details = rightOf(await issuer.revealCard(card.cardId));
    const answers = await Promise.all(Array.from({ length: 12 }, () => issuer.authorize(payWith(details))));
    expect(answers.map(rightOf).filter((answer) => answer.approved)).toHaveLength(1);
    expect(rightOf(await issuer.listAuthorizations(card.cardId))).toHaveLength(12);
  });

  it('approves exactly one when two instances on one store are asked at once', async () => {
    const state = { store: new MemoryEventStore(), encryptionKey: KEY };
    const [one, two] = [setup(state).issuer, setup(state).issuer];
    const card = rightOf(await one.issueCard(request()));
    const details = rightOf(await two.revealCard(card.cardId));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? one : two).authorize(payWith(details))),
    );
    expect(answers.map(rightOf).filter((answer) => answer.approved)).toHaveLength(1);
  });

  it('gives no details once the card is closed or past its lifetime, and declines it card_closed', async () => {
    const { issuer, clock } = setup();
    const card = rightOf(await issuer.issueCard(request()));
    const details = rightOf(await issuer.revealCard(card.cardId));
    const closed = rightOf(await issuer.closeCard(card.cardId));
    expect(closed).toMatchObject({ status: 'closed', closedAt: '2026-05-01T12:00:00.000Z' });
    expect(rightOf(await issuer.closeCard(card.cardId))).toEqual(closed);
    expect(leftOf(await issuer.revealCard(card.cardId)).code).toBe('card_closed');
    expect(rightOf(await issuer.authorize(payWith(details))).declineCode).toBe('card_closed');

    const lapsing = rightOf(await issuer.issueCard(request('run-1:attempt-2')));
    clock.advance(30 * 60_000);
    expect(leftOf(await issuer.revealCard(lapsing.cardId)).code).toBe('card_expired');
    expect(leftOf(await issuer.closeCard('ic_not-a-card')).code).toBe('card_not_found');
  });

  it('keeps cards and authorizations across a restart on SQLite, and never writes a number or code', async () => {
    const dir = await makeDataDir('issuer');
    try {
      let store = dir.open();
      const first = setup({ store, encryptionKey: KEY }).issuer;
      const card = rightOf(await first.issueCard(request()));
      const details = rightOf(await first.revealCard(card.cardId));
      rightOf(await first.authorize(payWith(details)));
      await store.close();

      store = dir.open();
      const again = setup({ store, encryptionKey: KEY }).issuer;
      expect(rightOf(await again.authorize(payWith(details))).declineCode).toBe('already_authorized');
      expect(rightOf(await again.getCard(card.cardId))).toEqual(card);
      await store.close();

      for (const file of await readdir(dir.path)) {
        const bytes = (await readFile(join(dir.path, file))).toString('latin1');
        expect({ file, number: bytes.includes(details.number) }).toEqual({ file, number: false });
        expect({ file, name: bytes.includes('Alice Shopper') }).toEqual({ file, name: false });
      }
    } finally {
      await dir.remove();
    }
  });

  it('lists every authorization it decided, with what its card is for, page by page', async () => {
    const { issuer } = setup();
    const cards = [rightOf(await issuer.issueCard(request('a'))), rightOf(await issuer.issueCard(request('b')))];
    for (const card of cards) rightOf(await issuer.authorize(payWith(rightOf(await issuer.revealCard(card.cardId)))));
    const page = rightOf(await issuer.authorizationsAfter(null, 1));
    expect(page.authorizations).toHaveLength(1);
    expect(page.authorizations[0]).toMatchObject({
      authorization: { cardId: cards[0]?.cardId, approved: true },
      metadata: { runId: 'run-1' },
    });
    const rest = rightOf(await issuer.authorizationsAfter(page.next, 10));
    expect(rest.authorizations.map((each) => each.authorization.cardId)).toEqual([cards[1]?.cardId]);
    expect(rightOf(await issuer.authorizationsAfter(rest.next, 10)).authorizations).toEqual([]);
  });

  it('answers injected faults as the issuer being down', async () => {
    const faults = new SandboxFaults([{ operation: 'issuing.issueCard', kind: 'unavailable', times: 1 }]);
    const { issuer } = setup(undefined, faults);
    expect(leftOf(await issuer.issueCard(request())).kind).toBe('unavailable');
    expect(rightOf(await issuer.issueCard(request())).status).toBe('active');
  });
});
