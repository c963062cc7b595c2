import { SANDBOX_ISSUER_BIN } from '@paykit/providers';
import { toRunSnapshot } from '@paykit/checkout-runs';
import type { Browser } from 'playwright-core';
import { ChatModel, type ModelBrowser, type OpenModelBrowser, modelCheckoutStrategy } from '../../src/index.js';
import { describeWithChromium, launchChromium } from '../live-view/chromium.js';
import { type Harness, startHarness } from '../support/harness.js';
import { createRun, isFinal, readEvents, runInput, waitForRun } from '../support/runs.js';
import { type FakeChatApi, startFakeChatApi, textReply, toolCall } from './fake-chat-api.js';
import { scriptedShopper } from './scripted-shopper.js';

const API_KEY = 'sk-test-model-key';

describeWithChromium('the model-driven strategy, against a scripted chat API', () => {
  let browser: Browser;
  let chat: FakeChatApi;
  let h: Harness;

  /** A page in a context of its own per run, as the runner's shared Chromium gives. */
  const openBrowser: OpenModelBrowser = async (context) => {
    const browserContext = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await browserContext.newPage();
    const opened: ModelBrowser = {
      page,
      step: (action) => context.step(action, page.url()),
      close: () => browserContext.close(),
    };
    return opened;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    chat = await startFakeChatApi();
    h = await startHarness();
    h.startRunner({
      cardIssuer: h.issuer,
      strategies: () => [
        modelCheckoutStrategy({
          model: new ChatModel({ baseUrl: chat.url, model: 'test-model', apiKey: API_KEY, timeoutMs: 1_000 }),
          openBrowser,
          maxTurns: 25,
        }),
      ],
    });
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await chat?.close();
    await browser?.close();
  });

  const runTo = async (slug: string, maxCost = '50') => {
    const runId = await createRun(h.store, h.clock, runInput(`${h.shop.url}/products/${slug}`, maxCost, 'Buy one'));
    return { runId, run: await waitForRun(h.store, runId, isFinal, 15_000) };
  };

  it('buys through the merchant’s web pages on the model’s decisions, paying only through startPayment', async () => {
    chat.script(scriptedShopper);
    const { runId, run } = await runTo('mug');

    const [order] = h.shop.state.orders();
    expect(order?.totals.total).toBe(1886);
    expect(toRunSnapshot(run)).toMatchObject({
      status: 'succeeded',
      result: {
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '18.86', currency: 'USD' }, merchantOrderId: order?.number },
        },
      },
    });
    const events = await readEvents(h.store, runId);
    const types = events.map((event) => event.type);
    const steps = events
      .filter((event) => event.type === 'CheckoutRunStepRecorded')
      .map((event) => (event.data as { action: string }).action);
    expect(steps).toContain('Pay 18.86 USD');
    // Declared right after the pay step: before the merchant was asked for any money.
    const payStep = events.findIndex(
      (event) =>
        event.type === 'CheckoutRunStepRecorded' && (event.data as { action: string }).action === 'Pay 18.86 USD',
    );
    expect(types.indexOf('CheckoutRunPaymentStarted')).toBe(payStep + 1);
    // Every request names the model and carries the key; the run's card never goes to the model.
    expect(
      chat.requests.every(
        (request) => request.headers.authorization === `Bearer ${API_KEY}` && request.body.model === 'test-model',
      ),
    ).toBe(true);
    const [card] = Object.values(run.cards);
    expect(card?.authorizations).toEqual([expect.objectContaining({ approved: true })]);
    const prompts = JSON.stringify(chat.requests.map((request) => request.body));
    expect(prompts).not.toMatch(new RegExp(`${SANDBOX_ISSUER_BIN}\\d`));
    expect(prompts).not.toContain(`${String(card?.expMonth).padStart(2, '0')}/${String(card?.expYear).slice(2)}`);
  }, 30_000);

  it('is blocked before paying when the total the page shows is above maxCost', async () => {
    chat.script(scriptedShopper);
    const before = h.shop.state.orders().length;
    const { run } = await runTo('mug', '15');
    expect(toRunSnapshot(run)).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded' } });
    expect(h.shop.state.orders()).toHaveLength(before);
  }, 30_000);

  it.each([
    ['answers with an HTTP error', () => ({ status: 503, json: { error: { message: 'overloaded' } } })],
    ['answers with something that is not a completion', () => ({ text: '<html>gateway</html>' })],
    ['does not answer in time', () => 'hang' as const],
    ['names no usable action, three times', () => textReply('I would like to look around first.')],
    ['gives up', () => toolCall('give_up', { reason: 'The page makes no sense.' })],
  ])(
    'ends the run failed / model_error when the model API %s',
    async (_title, reply) => {
      chat.script(reply);
      const { runId, run } = await runTo('mug');
      expect(toRunSnapshot(run)).toMatchObject({ status: 'failed', reason: 'model_error' });
      const events = await readEvents(h.store, runId);
      expect(events.map((event) => event.type)).not.toContain('CheckoutRunPaymentStarted');
      expect(JSON.stringify(events.map(({ data }) => data))).not.toContain(API_KEY);
    },
    15_000,
  );
});
