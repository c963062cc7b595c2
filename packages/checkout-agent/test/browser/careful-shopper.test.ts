import { SCENARIOS, type CorpusScenario } from '@paykit/shop-corpus';
import { readEvents } from '../support/runs.js';
import { type CorpusHarness, startCorpusHarness } from './support/corpus-harness.js';
import { describeWithChromium } from './support/chromium.js';

/**
 * The careful shopper's rules (issue 13), each on corpus shops written to differ from the demo
 * merchant: a handful of browser runs, so the rules cannot regress. The whole corpus runs in
 * `pnpm bench checkout-corpus`.
 */
const scenario = (id: string): CorpusScenario => {
  const found = SCENARIOS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no corpus scenario ${id}`);
  return found;
};

const SHOPS = [
  'kiln-ceramics',
  'atlas-audio',
  'lumen-lamps',
  'tidy-goods',
  'maple-moss',
  'harbor-outfitters',
  'gourmet-crate',
  'bolt-bikes',
  'highland-larder',
];

describeWithChromium('the careful shopper on shops it was not written against', () => {
  let h: CorpusHarness;
  beforeAll(async () => {
    h = await startCorpusHarness(SHOPS);
  });
  afterAll(() => h?.close());

  describe('looks before asking', () => {
    it('ends a sold-out item product.item_unavailable without asking anything, though the run has no buyer details', async () => {
      const result = await h.run(scenario('kiln-ceramics/sold-out'));
      expect(result.snapshot).toMatchObject({ status: 'blocked', result: { code: 'product.item_unavailable' } });
      expect(result.questions).toEqual([]);
      expect(result.steps).toEqual(['Open the start page']);
    }, 60_000);

    it('ends an item whose price alone is above maxCost policy.max_cost_exceeded without asking anything', async () => {
      const result = await h.run(scenario('atlas-audio/over-budget'));
      expect(result.snapshot).toMatchObject({
        status: 'blocked',
        result: { code: 'policy.max_cost_exceeded', summary: expect.stringContaining('240.00 USD') },
      });
      expect(result.questions).toEqual([]);
      expect(result.verdict.wrongMoney).toEqual([]);
    }, 60_000);
  });

  it('asks only for the values the checkout form needs, once, and buys with them', async () => {
    const result = await h.run(scenario('tidy-goods/no-profile'));
    expect(result.verdict).toEqual({ expected: true, wrongMoney: [] });
    // The form has one full-name field, a required phone, a street-address box and a preselected country: no line 2, no country asked.
    expect(result.questions).toHaveLength(1);
    expect([...(result.questions[0] ?? [])].sort()).toEqual([
      'addressLine1',
      'city',
      'email',
      'firstName',
      'lastName',
      'phone',
      'postalCode',
      'region',
    ]);
    // The newsletter pop-up that covers the page was closed, not subscribed to.
    expect(result.steps).toContainEqual(expect.stringMatching(/^Dismiss ".*10% off.*" \("Close"\)$/));
  }, 90_000);

  it("asks for a required field of the shop's own that the buyer profile cannot answer, offering its choices, and nothing else", async () => {
    const result = await h.run(scenario('maple-moss/ceramic-pot'));
    expect(result.verdict).toEqual({ expected: true, wrongMoney: [] });
    expect(result.questions).toEqual([['delivery_day']]);
    const asked = (await readEvents(h.store, result.runId)).find((event) => event.type === 'CheckoutRunInputRequested')
      ?.data as { request: { interaction: unknown } } | undefined;
    expect(asked?.request.interaction).toMatchObject({
      kind: 'form',
      schema: { properties: { delivery_day: { title: 'Delivery day', enum: ['Tuesday', 'Thursday', 'Saturday'] } } },
    });
  }, 90_000);

  it('never substitutes: an option asked for that is sold out ends the run, and the preselected one is not bought', async () => {
    const shop = h.corpus.shop('lumen-lamps');
    const before = shop.orders.orders().length;
    const result = await h.run(scenario('lumen-lamps/sold-out-finish'));
    expect(result.snapshot).toMatchObject({
      status: 'blocked',
      result: {
        code: 'product.requested_option_unavailable',
        summary: expect.stringMatching(/Chalk white.*Available: Brushed brass, Matte black/),
      },
    });
    expect(shop.orders.orders()).toHaveLength(before);
    expect(result.steps.some((step) => /add .* to the cart/i.test(step))).toBe(false);
  }, 60_000);

  it('maps fields by their labels alone, dismisses a cookie banner, chooses the cheaper shipping the page preselected against, and buys the option named', async () => {
    const result = await h.run(scenario('lumen-lamps/black'));
    expect(result.verdict).toEqual({ expected: true, wrongMoney: [] });
    expect(result.steps).toEqual(
      expect.arrayContaining(['Choose Finish: Matte black', 'Choose delivery: Ground — $6.00', 'Pay 102.34 USD']),
    );
    expect(result.steps).toContainEqual(expect.stringMatching(/^Dismiss "We use cookies.*" \("Accept all"\)$/));
    expect(result.snapshot).toMatchObject({
      status: 'succeeded',
      result: {
        purchase: {
          receipt: { total: { amount: '102.34', currency: 'USD' }, merchantOrderId: expect.stringMatching(/^LL-/) },
        },
      },
    });
  }, 90_000);

  describe('tells reversible steps from the one irreversible click', () => {
    it('submits the details form ("Review order") and places the order once, on the review page whose total it read', async () => {
      const shop = h.corpus.shop('harbor-outfitters');
      const attempts = shop.orders.attempts().length;
      const result = await h.run(scenario('harbor-outfitters/size-m'));
      expect(result.verdict).toEqual({ expected: true, wrongMoney: [] });
      expect(result.steps).toEqual(
        expect.arrayContaining(['Check out as a guest (Continue as guest)', 'Continue (Review order)']),
      );
      expect(result.steps.filter((step) => step.startsWith('Pay '))).toEqual(['Pay 138.35 USD']);
      expect(shop.orders.attempts().slice(attempts)).toEqual([
        expect.objectContaining({ amountCents: 13835, outcome: 'approved' }),
      ]);
    }, 90_000);

    it('checks the total shown beside the final button against maxCost: above it after shipping and tax, nothing is paid', async () => {
      const shop = h.corpus.shop('gourmet-crate');
      const result = await h.run(scenario('gourmet-crate/over-after-shipping'));
      expect(result.snapshot).toMatchObject({
        status: 'blocked',
        result: { code: 'policy.max_cost_exceeded', summary: expect.stringContaining('106.65 USD') },
      });
      expect(shop.orders.attempts()).toEqual([]);
    }, 90_000);

    it('presses the final button once: a declined payment is reported, never retried', async () => {
      const shop = h.corpus.shop('bolt-bikes');
      const result = await h.run(scenario('bolt-bikes/declined'));
      expect(result.snapshot).toMatchObject({ status: 'blocked', result: { code: 'merchant.payment_declined' } });
      expect(shop.orders.attempts()).toEqual([expect.objectContaining({ outcome: 'declined' })]);
      expect(shop.orders.orders()).toEqual([]);
    }, 90_000);
  });

  it('names the page and the thing it could not do when it stops', async () => {
    const result = await h.run(scenario('highland-larder/uk-only'));
    expect(result.snapshot).toMatchObject({ status: 'blocked', result: { code: 'merchant.fulfillment_unavailable' } });
    const summary = result.snapshot.status === 'blocked' ? result.snapshot.result.summary : '';
    expect(summary).toContain(`${h.corpus.shop('highland-larder').url}/checkout`);
    expect(summary).toMatch(/United States.*only United Kingdom/);
  }, 60_000);
});
