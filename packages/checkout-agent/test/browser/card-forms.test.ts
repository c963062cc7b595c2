import { SANDBOX_ISSUER_BIN } from '@paykit/providers';
import {
  type CorpusScenario,
  type OrderBook,
  type ShopDefinition,
  SCENARIOS,
  SHOPS as CORPUS,
} from '@paykit/shop-corpus';
import { isFinal, readEvents, waitForRun } from '../support/runs.js';
import { type CorpusHarness, type CorpusRun, startCorpusHarness } from './support/corpus-harness.js';
import { describeWithChromium } from './support/chromium.js';

/**
 * The runner types the run's virtual card into shops' own card forms (docs/adr/0244): one
 * expiry field, two expiry selects, a same-origin payment frame, one sandboxed cross-origin
 * frame per field; and no card exists for a total above maxCost.
 */
const scenario = (id: string): CorpusScenario => {
  const found = SCENARIOS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no corpus scenario ${id}`);
  return found;
};

const SHOPS = ['fern-tea', 'byte-bazaar', 'lumen-lamps', 'north-paper', 'paper-crane', 'gourmet-crate'];

describeWithChromium('paying with a virtual card typed into the shop’s own card form', () => {
  let h: CorpusHarness;
  beforeAll(async () => {
    h = await startCorpusHarness(SHOPS);
  });
  afterAll(() => h?.close());

  /** The run bought what it should with one card, which the shop charged once and which is closed now. */
  const paidWithOneCard = async (result: CorpusRun, shopId: string) => {
    // The whole snapshot and the runner's warnings when it did not succeed: the message says why.
    const shown =
      result.snapshot.status === 'succeeded' ? result.verdict : { ...result.snapshot, problems: result.problems };
    expect(shown).toEqual({
      expected: true,
      wrongMoney: [],
    });
    // The session closes the card as the run ends.
    const closed = await waitForRun(h.store, result.runId, (run) => {
      const cards = Object.values(run.cards);
      return isFinal(run) && cards.length > 0 && cards.every((card) => card.closedAt !== null);
    });
    const cards = Object.values(closed.cards);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card?.authorizations).toEqual([expect.objectContaining({ approved: true, amount: card?.cap })]);
    const attempts = h.corpus.shop(shopId).orders.attempts();
    expect(attempts.at(-1)).toEqual(expect.objectContaining({ outcome: 'approved', last4: card?.last4 }));
    // Nothing the run recorded holds a number of the issuer's range (the card's last four digits only).
    const recorded = JSON.stringify((await readEvents(h.store, result.runId)).map((event) => event.data));
    expect(recorded).toContain(card?.last4);
    expect(recorded).not.toMatch(new RegExp(`${SANDBOX_ISSUER_BIN}[ -]?\\d`));
  };

  it('types the expiry into one "MM/YY" field', async () => {
    await paidWithOneCard(await h.run(scenario('fern-tea/two-caddies')), 'fern-tea');
  });

  it('chooses the expiry in two selects (numbers and four-digit years) and the card type that matches the number', async () => {
    await paidWithOneCard(await h.run(scenario('byte-bazaar/hub-from-category')), 'byte-bazaar');
  });

  it('chooses month names and types the name on card where no field has a cc- autocomplete token', async () => {
    await paidWithOneCard(await h.run(scenario('lumen-lamps/black')), 'lumen-lamps');
  });

  it('types the card into an embedded same-origin payment frame', async () => {
    await paidWithOneCard(await h.run(scenario('north-paper/a4')), 'north-paper');
  });

  it("types the card into hosted fields: one sandboxed frame per field on the processor's origin", async () => {
    await paidWithOneCard(await h.run(scenario('paper-crane/three-cards')), 'paper-crane');
  });

  it('never has a card issued when the total on the page is above maxCost', async () => {
    const result = await h.run(scenario('gourmet-crate/over-after-shipping'));
    expect(result.verdict.expected).toBe(true);
    expect(result.snapshot.status).toBe('blocked');
    expect(result.run.cards).toEqual({});
    expect(h.corpus.shop('gourmet-crate').orders.attempts()).toEqual([]);
  });
});

/** fern-tea with its pay step changed: `charge` decides what its processor asks, `reply` what the shopper sees after. */
const fernTeaVariant = (
  id: string,
  change: { charge?: (cents: number) => number; silent?: boolean },
): ShopDefinition<never> => {
  const fernTea = CORPUS.find((shop) => shop.id === 'fern-tea')!;
  return {
    ...fernTea,
    id,
    routes: (kit) => {
      const orders = new Proxy(kit.orders, {
        get: (target, key) =>
          key === 'payCard'
            ? (checkout: Parameters<OrderBook['payCard']>[0]) =>
                target.payCard({ ...checkout, totalCents: change.charge?.(checkout.totalCents) ?? checkout.totalCents })
            : Reflect.get(target, key),
      });
      return fernTea.routes({ ...kit, orders }).map((route) =>
        change.silent && route.method === 'POST' && route.path === '/checkout/pay'
          ? {
              ...route,
              handle: async (request) => {
                await route.handle(request);
                return { html: '<!doctype html><title>Processing</title><p>Processing…</p>' };
              },
            }
          : route,
      );
    },
  };
};

describeWithChromium('what the card issuer saw decides an unconfirmed card payment', () => {
  let h: CorpusHarness;
  beforeAll(async () => {
    h = await startCorpusHarness(undefined, [
      fernTeaVariant('fern-tea-overcharging', { charge: (cents) => cents + 500 }),
      fernTeaVariant('fern-tea-silent', { silent: true }),
    ]);
  });
  afterAll(() => h?.close());
  const at = (shop: string): CorpusScenario => ({ ...scenario('fern-tea/two-caddies'), shop });

  it('ends policy.max_cost_exceeded when the shop asks more than the run declared: the issuer declines it', async () => {
    const result = await h.run(at('fern-tea-overcharging'));
    expect(result.snapshot).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded' } });
    const [card] = Object.values(result.run.cards);
    expect(card?.authorizations).toEqual([expect.objectContaining({ approved: false, declineCode: 'over_cap' })]);
    expect(h.corpus.shop('fern-tea-overcharging').orders.orders()).toEqual([]);
  });

  it('ends reconciliation_required, the approval on record, when the shop shows no confirmation after the final click', async () => {
    const result = await h.run(at('fern-tea-silent'));
    expect(result.snapshot).toMatchObject({ status: 'failed', reason: 'reconciliation_required' });
    const [card] = Object.values(result.run.cards);
    expect(card?.authorizations).toEqual([expect.objectContaining({ approved: true })]);
    expect(h.corpus.shop('fern-tea-silent').orders.orders()).toHaveLength(1);
  });
});
