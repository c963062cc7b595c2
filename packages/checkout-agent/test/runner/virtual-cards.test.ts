import { cardsToClose, toRunSnapshot } from '@paykit/checkout-runs';
import { type NetworkAuthorizationRequest, SandboxCardIssuer, isSandboxIssuerNumber } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import {
  type StrategyContext,
  type StrategyOutcome,
  type VirtualCard,
  settleUnconfirmedCardPayment,
} from '../../src/index.js';
import { startCardNetworkServer } from '../../src/testing/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { createRun, isFinal, loadRun, readEvents, runInput, waitForRun } from '../support/runs.js';
import { attempt, deferred, scripted } from '../support/scripted-strategy.js';

/**
 * The virtual card a run pays a card form with, driven by a scripted strategy on a real runner
 * and the sandbox issuer over the memory store; the "shop's processor" asks the issuer directly.
 */
let h: Harness;
let issuer: SandboxCardIssuer;
beforeEach(async () => {
  h = await startHarness();
  issuer = new SandboxCardIssuer({ clock: h.clock });
});
afterEach(() => h.close());

const product = () => `${h.shop.url}/products/mug`;
/** The run ended and its session closed its cards. */
const finished = (runId: string) => waitForRun(h.store, runId, (run) => isFinal(run) && cardsToClose(run).length === 0);
const TOTAL = { amount: '12.00', currency: 'USD' };

/** What a shop's processor sends the card network for the typed card. */
const charge = (
  card: VirtualCard,
  amount = TOTAL.amount,
  url = `${h.shop.url}/checkout`,
): NetworkAuthorizationRequest => ({
  card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc },
  amount: { amount, currency: 'USD' },
  merchant: { name: 'Demo Merchant', url },
});

/** Starts paying, takes the card, lets `pay` act as the shop, and ends as `end` says. */
const paying =
  (pay: (card: VirtualCard, context: StrategyContext, attemptId: string) => Promise<StrategyOutcome>) =>
  async (context: StrategyContext): Promise<StrategyOutcome> => {
    const started = await context.startPayment(TOTAL);
    if (started.kind !== 'started') throw new Error(`payment not started: ${started.kind}`);
    const card = await context.virtualCard(started.attemptId);
    if (E.isLeft(card)) throw new Error(card.left.code);
    return pay(card.right, context, started.attemptId);
  };

const BOUGHT: StrategyOutcome = {
  kind: 'succeeded',
  summary: 'Bought 1 x Mug.',
  receipt: { total: TOTAL, merchantOrderId: 'DM-001001' },
};

describe('virtualCard', () => {
  it('is refused before startPayment, and without a card issuer', async () => {
    const said = deferred<string[]>();
    const first = h.startRunner({
      cardIssuer: issuer,
      strategies: () => [
        scripted(async (context) => {
          const before = await context.virtualCard('no-such-attempt');
          const started = await context.startPayment(TOTAL);
          const other = started.kind === 'started' ? await context.virtualCard(`${started.attemptId}-other`) : null;
          said.resolve([
            E.isLeft(before) ? before.left.code : 'card',
            other && E.isLeft(other) ? other.left.code : 'card',
          ]);
          if (started.kind === 'started') await context.paymentNotCharged(started.attemptId);
          return { kind: 'blocked', code: 'merchant.no_safe_path', summary: 'Stopped by the test.' };
        }),
      ],
    });
    await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
    expect(await said.promise).toEqual(['payment_not_started', 'payment_not_started']);
    await first.kill();

    const without = deferred<string>();
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          const started = await context.startPayment(TOTAL);
          const card = started.kind === 'started' ? await context.virtualCard(started.attemptId) : null;
          without.resolve(card && E.isLeft(card) ? card.left.code : 'card');
          if (started.kind === 'started') await context.paymentNotCharged(started.attemptId);
          return { kind: 'blocked', code: 'merchant.no_safe_path', summary: 'Stopped by the test.' };
        }),
      ],
    });
    await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
    expect(await without.promise).toBe('card_issuing_unavailable');
  });

  it('gives one card per attempt, capped at the declared total and locked to the merchant; the run keeps no number', async () => {
    const cards: VirtualCard[] = [];
    h.startRunner({
      cardIssuer: issuer,
      strategies: () => [
        scripted(
          paying(async (card, context, attemptId) => {
            cards.push(card);
            const again = await context.virtualCard(attemptId);
            if (E.isRight(again)) cards.push(again.right);
            expect(E.isRight(await issuer.authorize(charge(card)))).toBe(true);
            return BOUGHT;
          }),
        ),
      ],
    });
    const runId = await createRun(h.store, h.clock, runInput(product(), '50'));
    const run = await finished(runId);

    const [card, again] = cards;
    expect(again).toEqual(card);
    expect(card).toMatchObject({ brand: 'visa', cardholderName: 'Sam Shopper', last4: card?.number.slice(-4) });
    expect(isSandboxIssuerNumber(card?.number ?? '')).toBe(true);
    const [recorded] = Object.values(run.cards);
    expect(recorded).toMatchObject({
      cap: TOTAL,
      merchantOrigin: new URL(h.shop.url).origin,
      last4: card?.last4,
      closedAt: expect.any(String),
      authorizations: [expect.objectContaining({ approved: true, amount: TOTAL })],
    });
    expect(toRunSnapshot(run)).toMatchObject({
      status: 'succeeded',
      result: { purchase: { receipt: { total: TOTAL }, authorized: TOTAL } },
    });
    const stored = JSON.stringify((await readEvents(h.store, runId)).map((event) => event.data));
    expect(stored).not.toContain(card?.number);
    expect(stored).not.toContain(`"cvc"`);
    // Closed at the issuer too: a charge after the run is declined.
    const declined = await issuer.authorize(charge(card!));
    expect(E.isRight(declined) && declined.right.declineCode).toBe('card_closed');
  });
});

describe('an unconfirmed card payment', () => {
  it('ends policy.max_cost_exceeded when the issuer declined the shop above the cap; the card is closed', async () => {
    h.startRunner({
      cardIssuer: issuer,
      strategies: () => [
        scripted(
          paying(async (card, context, attemptId) => {
            await issuer.authorize(charge(card, '12.01'));
            return settleUnconfirmedCardPayment(context, attemptId, { shop: 'declined', message: 'Card declined.' });
          }),
        ),
      ],
    });
    const run = await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
    expect(toRunSnapshot(run)).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded' } });
    const [card] = Object.values(run.cards);
    expect(card).toMatchObject({
      closedAt: expect.any(String),
      authorizations: [expect.objectContaining({ declineCode: 'over_cap' })],
    });
  });

  it("ends merchant.payment_declined on the shop's own decline, and reconciliation_required once the issuer approved", async () => {
    const strategy = (approve: boolean) =>
      scripted(
        paying(async (card, context, attemptId) => {
          if (approve) await issuer.authorize(charge(card));
          return settleUnconfirmedCardPayment(context, attemptId, { shop: 'declined', message: 'Card declined.' });
        }),
      );
    const runner = h.startRunner({ cardIssuer: issuer, strategies: () => [strategy(false)] });
    const declined = await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
    expect(toRunSnapshot(declined)).toMatchObject({ status: 'blocked', result: { code: 'merchant.payment_declined' } });
    await runner.kill();

    h.startRunner({ cardIssuer: issuer, strategies: () => [strategy(true)] });
    const approved = await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
    expect(toRunSnapshot(approved)).toMatchObject({ status: 'failed', reason: 'reconciliation_required' });
    expect(Object.values(approved.cards)[0]?.authorizations).toEqual([expect.objectContaining({ approved: true })]);
  });

  it('refuses "not charged" for an attempt the issuer approved', async () => {
    const said = deferred<string>();
    h.startRunner({
      cardIssuer: issuer,
      strategies: () => [
        scripted(
          paying(async (card, context, attemptId) => {
            await issuer.authorize(charge(card));
            const tried = await attempt(context.paymentNotCharged(attemptId));
            said.resolve(tried.said);
            return tried.end(BOUGHT);
          }),
        ),
      ],
    });
    const run = await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
    expect(await said.promise).toBe('refused: payment_authorized');
    expect(toRunSnapshot(run)).toMatchObject({ status: 'failed', reason: 'reconciliation_required' });
  });
});

describe('a runner that dies after its card was issued', () => {
  it('leaves the card to the sweeper, which closes it once the run ends reconciliation_required', async () => {
    const issued = deferred<VirtualCard>();
    const first = h.startRunner({
      cardIssuer: issuer,
      leaseMs: 1000,
      strategies: () => [
        scripted(
          paying(async (card) => {
            issued.resolve(card);
            return new Promise<StrategyOutcome>(() => undefined);
          }),
        ),
      ],
    });
    const runId = await createRun(h.store, h.clock, runInput(product(), '50'));
    const card = await issued.promise;
    await first.kill();

    h.clock.advance(1001);
    const sweeper = h.startRunner({ cardIssuer: issuer, concurrency: 0 }).sweeper;
    const report = await sweeper.sweep();
    expect(report).toMatchObject({ leasesExpired: [runId], cardsClosed: [runId] });
    const run = await loadRun(h.store, runId);
    expect(toRunSnapshot(run)).toMatchObject({ status: 'failed', reason: 'reconciliation_required' });
    expect(Object.values(run.cards)[0]?.closedAt).toEqual(expect.any(String));
    const answer = await issuer.authorize(charge(card));
    expect(E.isRight(answer) && answer.right.declineCode).toBe('card_closed');
    expect((await sweeper.sweep()).cardsClosed).toEqual([]);
  });
});

describe('the card network server for tests without the API', () => {
  it('answers a processor as the API’s network does, decided by the issuer given', async () => {
    const network = await startCardNetworkServer(issuer);
    const ask = async (card: VirtualCard | undefined) => {
      const response = await fetch(network.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card: { number: card?.number, expMonth: card?.expMonth, expYear: card?.expYear, cvc: card?.cvc },
          amount: { value: TOTAL.amount, currency: 'usd' },
          merchant: { name: 'Demo Merchant', url: h.shop.url },
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    try {
      const cards: VirtualCard[] = [];
      const during = deferred<unknown>();
      h.startRunner({
        cardIssuer: issuer,
        strategies: () => [
          scripted(
            paying(async (card) => {
              cards.push(card);
              during.resolve(await ask(card));
              return BOUGHT;
            }),
          ),
        ],
      });
      await finished(await createRun(h.store, h.clock, runInput(product(), '50')));
      expect(await during.promise).toEqual({
        status: 200,
        body: { authorizationId: expect.any(String), approved: true },
      });
      expect((await ask(cards[0])).body).toMatchObject({ approved: false, declineCode: 'card_closed' });
      const malformed = await fetch(network.url, { method: 'POST', body: '{"amount":{}}' });
      expect(malformed.status).toBe(400);
    } finally {
      await network.close();
    }
  });
});
