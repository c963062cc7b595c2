import { toRunSnapshot } from '@paykit/checkout-runs';
import { type Harness, BUYER, CARDS, startHarness } from '../support/harness.js';
import { apiCommand, createRun, foldRun, isFinal, readEvents, runInput, waitForRun } from '../support/runs.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const product = (slug: string) => `${h.shop.url}/products/${slug}`;
const finished = (runId: string) => waitForRun(h.store, runId, isFinal);
const nothingCharged = () => {
  expect(h.shop.state.orders()).toEqual([]);
  expect(h.shop.state.charged()).toEqual([]);
};

describe('a run through the agentic-checkout API of the demo merchant', () => {
  it('succeeds within maxCost with a receipt that matches the order the merchant recorded', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('mug'), '50', 'Buy a ceramic mug'));

    const run = await finished(runId);

    const [order] = h.shop.state.orders();
    expect(h.shop.state.orders()).toHaveLength(1);
    expect(order?.totals.total).toBe(1886); // 12.00 + 5.99 standard shipping + 7.25% CA tax on the mug
    expect(toRunSnapshot(run)).toMatchObject({
      status: 'succeeded',
      result: {
        outcome: 'succeeded',
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '18.86', currency: 'USD' }, merchantOrderId: order?.number },
        },
      },
    });
    expect(order).toMatchObject({
      channel: 'agentic_checkout',
      shippingOption: 'standard',
      lines: [expect.objectContaining({ sku: 'mug', quantity: 1 })],
    });
    expect(order?.buyer).toEqual({ name: 'Sam Shopper', email: BUYER.contact?.email, phone: BUYER.contact?.phone });
  });

  it('tells the user in the run messages how it checks out', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('mug'), '50', 'Buy a ceramic mug'));

    const run = await finished(runId);

    expect(run.messages).toContainEqual(
      expect.objectContaining({
        role: 'agent',
        parts: [{ type: 'text', text: `Checking out through the merchant's agentic checkout API at ${h.shop.url}.` }],
      }),
    );
  });

  it('records strictly increasing revisions, declares the payment before it is made and never stores a card number', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('mug'), '50'));
    await finished(runId);

    const events = await readEvents(h.store, runId);
    expect(events.map((event) => event.revision)).toEqual(events.map((_, index) => BigInt(index)));
    const snapshotRevisions = events.map((_, index) => toRunSnapshot(foldRun(events.slice(0, index + 1))).revision);
    snapshotRevisions
      .slice(1)
      .forEach((revision, index) => expect(revision).toBeGreaterThan(snapshotRevisions[index] ?? Infinity));
    const types = events.map((event) => event.type);
    expect(types.slice(0, 2)).toEqual(['CheckoutRunCreated', 'CheckoutRunClaimed']);
    expect(types.indexOf('CheckoutRunPaymentStarted')).toBeGreaterThan(types.lastIndexOf('CheckoutRunStepRecorded'));
    expect(types.at(-1)).toBe('CheckoutRunSucceeded');
    expect(JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })))).not.toContain(CARDS.approved);
  });

  it('is blocked with policy.max_cost_exceeded when the final total is above maxCost, with nothing charged', async () => {
    h.startRunner();
    // $95.00 on the page, $107.88 with shipping and tax to San Francisco.
    const runId = await createRun(h.store, h.clock, runInput(product('hoodie'), '100', 'Buy the hoodie'));

    const run = await finished(runId);

    expect(toRunSnapshot(run)).toMatchObject({
      status: 'blocked',
      result: { code: 'policy.max_cost_exceeded', outcome: 'blocked' },
    });
    expect(h.shop.state.paymentAttempts()).toEqual([]);
    nothingCharged();
    expect(
      h.shop.state.requests().some((request) => request.method === 'POST' && request.path.endsWith('/cancel')),
    ).toBe(true);
    expect((await readEvents(h.store, runId)).map((event) => event.type)).not.toContain('CheckoutRunPaymentStarted');
  });

  it('converts the total into maxCost currency through the pricing port before comparing', async () => {
    h.startRunner();
    const within = await createRun(h.store, h.clock, runInput(product('mug'), '20', undefined, 'EUR'));
    expect(toRunSnapshot(await finished(within))).toMatchObject({ status: 'succeeded' });
    const payment = (await readEvents(h.store, within)).find((event) => event.type === 'CheckoutRunPaymentStarted');
    // 18.86 USD at the sandbox's 0.92 EUR per USD.
    expect(payment?.data).toMatchObject({
      total: { amount: '18.86', currency: 'USD' },
      totalInMaxCostCurrency: '17.3512',
    });

    const over = await createRun(h.store, h.clock, runInput(product('hoodie'), '99', undefined, 'EUR'));
    expect(toRunSnapshot(await finished(over))).toMatchObject({
      status: 'blocked',
      result: { code: 'policy.max_cost_exceeded' },
    });
    expect(h.shop.state.orders()).toHaveLength(1);
  });

  it('is blocked with product.item_unavailable when the product is out of stock', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('desk-lamp'), '100'));
    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'blocked',
      result: { code: 'product.item_unavailable' },
    });
    nothingCharged();
  });

  it('is blocked with product.requested_option_unavailable when the size the task names is sold out', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('tshirt'), '100', 'Buy the t-shirt in size M'));
    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'blocked',
      result: { code: 'product.requested_option_unavailable' },
    });
    nothingCharged();
  });

  it('asks for the size through requiredAction, offering the sizes in stock, and buys the one answered', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('tshirt'), '100', 'Buy the classic t-shirt'));

    const waiting = await waitForRun(h.store, runId, (run) => run.status === 'awaiting_input');
    const snapshot = toRunSnapshot(waiting);
    if (snapshot.status !== 'awaiting_input') throw new Error('not awaiting input');
    expect(snapshot.requiredAction.request.interaction).toEqual({
      kind: 'form',
      schema: {
        type: 'object',
        properties: { size: { type: 'string', title: 'Size', enum: ['S', 'L'] } },
        required: ['size'],
      },
    });
    await apiCommand(h.store, h.clock, runId, {
      type: 'AnswerInput',
      data: {
        messageId: 'answer-1',
        requestId: snapshot.requiredAction.requestId,
        action: 'submit',
        value: { size: 'L' },
        now: h.clock.now(),
      },
    });

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(h.shop.state.orders()[0]?.lines).toEqual([expect.objectContaining({ sku: 'tshirt-l', size: 'L' })]);
  });

  it('buys the size a user names in words, as an alternative to the form', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(product('tshirt'), '100', 'Buy the classic t-shirt'));

    const waiting = toRunSnapshot(await waitForRun(h.store, runId, (run) => run.status === 'awaiting_input'));
    if (waiting.status !== 'awaiting_input') throw new Error('not awaiting input');
    await apiCommand(h.store, h.clock, runId, {
      type: 'AnswerInput',
      data: {
        messageId: 'answer-1',
        requestId: waiting.requiredAction.requestId,
        action: 'alternative',
        text: ' L ',
        now: h.clock.now(),
      },
    });

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(h.shop.state.orders()[0]?.lines).toEqual([expect.objectContaining({ sku: 'tshirt-l', size: 'L' })]);
  });

  it('buys the variant the start URL names without asking', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(`${product('tshirt')}?sku=tshirt-s`, '100'));
    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(h.shop.state.orders()[0]?.lines).toEqual([expect.objectContaining({ sku: 'tshirt-s' })]);
    expect((await readEvents(h.store, runId)).map((event) => event.type)).not.toContain('CheckoutRunInputRequested');
  });

  it('asks for the buyer details the run has no profile for', async () => {
    h.startRunner({ buyer: null });
    const runId = await createRun(h.store, h.clock, runInput(product('mug'), '50'));

    const waiting = toRunSnapshot(await waitForRun(h.store, runId, (run) => run.status === 'awaiting_input'));
    if (waiting.status !== 'awaiting_input') throw new Error('not awaiting input');
    expect(waiting.requiredAction.request.interaction).toMatchObject({
      kind: 'form',
      schema: { required: expect.arrayContaining(['email', 'postalCode']) },
    });
    const value = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      addressLine1: '5 Main St',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      countryCode: 'US',
    };
    await apiCommand(h.store, h.clock, runId, {
      type: 'AnswerInput',
      data: {
        messageId: 'answer-1',
        requestId: waiting.requiredAction.requestId,
        action: 'submit',
        value,
        now: h.clock.now(),
      },
    });

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(h.shop.state.orders()[0]).toMatchObject({
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      shippingAddress: { city: 'Austin', state: 'TX' },
    });
  });

  it('is blocked with merchant.payment_declined when the card is declined, with nothing charged', async () => {
    h.startRunner({ card: CARDS.declined });
    const runId = await createRun(h.store, h.clock, runInput(product('mug'), '50'));

    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'blocked',
      result: { code: 'merchant.payment_declined' },
    });
    expect(h.shop.state.paymentAttempts()).toEqual([expect.objectContaining({ outcome: 'declined', amount: 1886 })]);
    nothingCharged();
  });

  it('is blocked with merchant.fulfillment_unavailable when the item does not ship to the buyer', async () => {
    const london = {
      ...BUYER,
      shipping: { addressLines: ['10 Downing St'], locality: 'London', postalCode: 'SW1A 2AA', countryCode: 'GB' },
    };
    h.startRunner({ buyer: london });
    const runId = await createRun(h.store, h.clock, runInput(product('battery-pack'), '100'));
    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'blocked',
      result: { code: 'merchant.fulfillment_unavailable' },
    });
    nothingCharged();
  });

  it('is blocked with merchant.access_blocked when the merchant answers 403', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, runInput(`${h.shop.url}/blocked`, '50'));
    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'blocked',
      result: { code: 'merchant.access_blocked' },
    });
  });

  it('finds the product the task names from a start page that lists products, and chooses express delivery when asked', async () => {
    h.startRunner();
    const runId = await createRun(
      h.store,
      h.clock,
      runInput(`${h.shop.url}/`, '80', 'Order 2 ceramic mugs with express shipping'),
    );

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(h.shop.state.orders()[0]).toMatchObject({
      shippingOption: 'express',
      lines: [expect.objectContaining({ sku: 'mug', quantity: 2 })],
    });
  });

  it('refuses a start URL on a private address that is not allow-listed, without sending it anything', async () => {
    h.startRunner({ allowedHosts: '' });
    const runId = await createRun(h.store, h.clock, runInput(product('mug'), '50'));

    const run = await finished(runId);
    expect(toRunSnapshot(run)).toMatchObject({ status: 'blocked', result: { code: 'merchant.no_safe_path' } });
    expect(run.result?.outcome === 'blocked' && run.result.summary).toContain('loopback');
    expect(h.shop.state.requests()).toEqual([]);
  });
});
