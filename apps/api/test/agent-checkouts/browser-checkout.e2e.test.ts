/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    // A plain web shop: no agentic-checkout API, so every run goes through the browser.
    shopOptions: { agenticCheckout: false },
    env: { CHROMIUM_PATH, AGENT_CHECKOUT_LIVE_VIEW: 'off' },
  });
}, 60_000);
afterAll(() => h?.close());

const buyerProfile = async (email: string) => {
  const response = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
    body: {
      name: { first: 'Alice', last: 'Shopper' },
      contact: { email },
      shipping: {
        addressLines: ['1 Market St'],
        locality: 'San Francisco',
        administrativeAreaCode: 'CA',
        postalCode: '94105',
        countryCode: 'US',
      },
    },
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
};

/** A run with its own buyer email, so its orders at the shared shop can be told apart. */
const run = async (slug: string, maxCost: string, task?: string, extra: Record<string, unknown> = {}) => {
  const email = `${crypto.randomUUID()}@example.com`;
  const buyerProfileId = await buyerProfile(email);
  const created = await h.call('POST', '/unstable/agent-checkouts', {
    body: runBody(h.product(slug), maxCost, { task, buyerProfileId, ...extra }),
  });
  expect(created.status).toBe(202);
  const attempts = () => h.shop.state.paymentAttempts().filter((attempt) => attempt.channel === 'web');
  return {
    runId: created.body.runId as string,
    orders: () => h.shop.state.orders().filter((order) => order.buyer.email === email),
    attemptsBefore: attempts().length,
    attempts,
  };
};
const finished = (runId: string) => waitForRun(h, runId, isFinalSnapshot, { timeoutMs: 60_000 });

describeWithChromium('agent checkout runs in headless Chromium against the demo merchant web pages', () => {
  it('buys on the web pages: the receipt holds the order number and total of the order the shop recorded', async () => {
    const { runId, orders } = await run('mug', '50', 'Buy a ceramic mug');
    const done = await finished(runId);

    const [order] = orders();
    expect(orders()).toHaveLength(1);
    expect(order).toMatchObject({ channel: 'web', lines: [expect.objectContaining({ sku: 'mug', quantity: 1 })] });
    expect(done).toMatchObject({
      status: 'succeeded',
      result: {
        outcome: 'succeeded',
        purchase: {
          kind: 'receipt_captured',
          receipt: {
            total: { amount: (order!.totals.total / 100).toFixed(2), currency: 'USD' },
            merchantOrderId: order!.number,
          },
        },
      },
    });
  }, 90_000);

  it('is blocked with policy.max_cost_exceeded before paying when the final total is above maxCost: nothing is charged', async () => {
    // $95.00 on the page, $107.88 with shipping and tax at review.
    const { runId, orders, attempts, attemptsBefore } = await run('hoodie', '100', 'Buy the hoodie');
    expect(await finished(runId)).toMatchObject({
      status: 'blocked',
      result: { code: 'policy.max_cost_exceeded', outcome: 'blocked' },
    });
    expect(orders()).toEqual([]);
    expect(attempts()).toHaveLength(attemptsBefore);
  }, 90_000);

  it('notices the price that rises at review and compares the new total with maxCost', async () => {
    // $49.00 on the page (58.54 with shipping and tax), $54.00 from review on: 63.91 > 60.
    const { runId, orders } = await run('earbuds', '60', 'Buy the wireless earbuds');
    expect(await finished(runId)).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded' } });
    expect(orders()).toEqual([]);
    const messages = await h.call('GET', `/unstable/agent-checkouts/${runId}/messages`);
    const texts = messages.body.data.flatMap((message: any) => message.parts.map((part: any) => part.text ?? ''));
    expect(texts.join('\n')).toMatch(/changed from \$49\.00 to \$54\.00.*63\.91 USD/);
  }, 90_000);

  it('is blocked with product.item_unavailable for a product out of stock', async () => {
    const { runId, orders } = await run('desk-lamp', '100', 'Buy the desk lamp');
    expect(await finished(runId)).toMatchObject({ status: 'blocked', result: { code: 'product.item_unavailable' } });
    expect(orders()).toEqual([]);
  }, 90_000);

  it('is blocked with merchant.human_verification_required at a captcha wall', async () => {
    const { runId, orders } = await run('limited-sneakers', '500', 'Buy the limited sneakers');
    expect(await finished(runId)).toMatchObject({
      status: 'blocked',
      result: { code: 'merchant.human_verification_required' },
    });
    expect(orders()).toEqual([]);
  }, 90_000);

  it('is blocked with merchant.payment_declined when the card is declined: nothing is charged', async () => {
    // The shop's processor cannot reach the card network: it declines the run's card.
    const url = h.cardNetwork.url;
    h.cardNetwork.url = undefined;
    const { runId, orders, attempts, attemptsBefore } = await run('mug', '50', 'Buy a ceramic mug');
    try {
      expect(await finished(runId)).toMatchObject({ status: 'blocked', result: { code: 'merchant.payment_declined' } });
    } finally {
      h.cardNetwork.url = url;
    }
    expect(orders()).toEqual([]);
    expect(attempts().slice(attemptsBefore)).toEqual([
      expect.objectContaining({ outcome: 'declined', method: 'card' }),
    ]);
  }, 90_000);

  it('cancels mid-run (while the run waits for a size): the browser is left, nothing is bought', async () => {
    const { runId, orders } = await run('tshirt', '100', 'Buy the t-shirt');
    const waiting = await waitForRun(
      h,
      runId,
      (snapshot) => snapshot.status === 'awaiting_input' || isFinalSnapshot(snapshot),
      { timeoutMs: 60_000 },
    );
    expect(waiting.requiredAction.request.interaction.schema.properties.size.enum).toEqual(['S', 'L']);
    expect((await h.call('POST', `/unstable/agent-checkouts/${runId}/cancel`)).status).toBe(202);
    expect(await finished(runId)).toMatchObject({ status: 'cancelled', result: { outcome: 'cancelled' } });
    expect(orders()).toEqual([]);
  }, 90_000);

  it('fails with browser_location_unsupported, before any browsing, for a country without an egress proxy', async () => {
    const requestsBefore = h.shop.state.requests().length;
    const { runId } = await run('mug', '50', 'Buy a ceramic mug', {
      browser: { location: { type: 'country', countryCode: 'de' } },
    });
    expect(await finished(runId)).toMatchObject({ status: 'failed', reason: 'browser_location_unsupported' });
    expect(h.shop.state.requests()).toHaveLength(requestsBefore);
  }, 90_000);
});
