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
import { describeCardIssuer } from './card-issuer-conformance.js';

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

describeCardIssuer('SandboxCardIssuer', () => {
  const clock = clockAt(new Date().toISOString());
  const issuer = new SandboxCardIssuer({ clock, state: { store: new MemoryEventStore(), encryptionKey: KEY } });
  return {
    issuer,
    clock,
    pay: (_card, asks) =>
      Promise.all(
        asks.map(async ({ details, amount, merchant }) => {
          const { expMonth, expYear, number, cvc } = details;
          return rightOf(await issuer.authorize({ card: { number, cvc, expMonth, expYear }, amount, merchant }));
        }),
      ),
  };
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

  it('declines a wrong printed expiry and numbers it never issued, and takes a two-digit year', async () => {
    const { issuer } = setup();
    const card = rightOf(await issuer.issueCard(request()));
    const details = rightOf(await issuer.revealCard(card.cardId));
    const declineOf = async (ask: NetworkAuthorizationRequest) => rightOf(await issuer.authorize(ask)).declineCode;
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
    expect(rightOf(await issuer.authorize(payWith({ ...details, expYear: details.expYear - 2000 }))).approved).toBe(
      true,
    );
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

  it('answers injected faults as the issuer being down', async () => {
    const faults = new SandboxFaults([{ operation: 'issuing.issueCard', kind: 'unavailable', times: 1 }]);
    const { issuer } = setup(undefined, faults);
    expect(leftOf(await issuer.issueCard(request())).kind).toBe('unavailable');
    expect(rightOf(await issuer.issueCard(request())).status).toBe('active');
  });
});
