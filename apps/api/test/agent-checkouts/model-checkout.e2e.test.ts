import type { PaymentCredentials } from '@paykit/checkout-agent';
import * as E from 'fp-ts/lib/Either.js';
import {
  type FakeChatApi,
  startFakeChatApi,
  textReply,
} from '../../../../packages/checkout-agent/test/model/fake-chat-api.js';
import { scriptedShopper } from '../../../../packages/checkout-agent/test/model/scripted-shopper.js';
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';
import { RunnerOverridesModule } from './support/runner-overrides.module.js';

const MODEL_KEY = 'sk-model-key-for-the-e2e-test';
const payment: PaymentCredentials = {
  tokenFor: async () => E.right({ token: `tok_${crypto.randomUUID()}`, provider: 'paykit' }),
};

/**
 * A deployment that sets a model URL (ADR 0231): the API's in-process runner drives Chromium on
 * the model's decisions. The model is a scripted OpenAI-compatible chat API on 127.0.0.1 that
 * answers from the page summaries it is sent, as a capable model would.
 */
describeWithChromium('the model-driven strategy end to end through the API', () => {
  let chat: FakeChatApi;
  let h: Harness;

  beforeAll(async () => {
    chat = await startFakeChatApi();
    h = await startHarness({
      shopOptions: { agenticCheckout: false },
      env: {
        CHROMIUM_PATH,
        AGENT_CHECKOUT_LIVE_VIEW: 'off',
        AGENT_CHECKOUT_MODEL_URL: chat.url,
        AGENT_CHECKOUT_MODEL: 'paykit-test-model',
        AGENT_CHECKOUT_MODEL_API_KEY: MODEL_KEY,
      },
      imports: [RunnerOverridesModule.with({ payment })],
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await chat?.close();
  });

  const run = async (maxCost: string) => {
    const created = await h.call('POST', '/unstable/agent-checkouts', {
      body: runBody(h.product('mug'), maxCost, { task: 'Buy a ceramic mug' }),
    });
    expect(created.status).toBe(202);
    return waitForRun(h, created.body.runId, isFinalSnapshot, { timeoutMs: 60_000 });
  };

  it('buys on the merchant’s pages on the model’s decisions: the receipt is the order the shop recorded, the key went as a bearer token, no card token reached the model', async () => {
    chat.script(scriptedShopper);
    const before = chat.requests.length;
    const done = await run('50');

    const [order] = h.shop.state.orders();
    expect(order).toMatchObject({ channel: 'web' });
    expect(done).toMatchObject({
      status: 'succeeded',
      result: {
        purchase: {
          kind: 'receipt_captured',
          receipt: {
            total: { amount: (order!.totals.total / 100).toFixed(2), currency: 'USD' },
            merchantOrderId: order!.number,
          },
        },
      },
    });
    const requests = chat.requests.slice(before);
    expect(requests.length).toBeGreaterThan(3);
    expect(
      requests.every(
        (request) =>
          request.headers.authorization === `Bearer ${MODEL_KEY}` && request.body.model === 'paykit-test-model',
      ),
    ).toBe(true);
    expect(JSON.stringify(requests.map((request) => request.body))).not.toMatch(/tok_[0-9a-f-]{8,}/);
  }, 90_000);

  it('ends failed / model_error when the model answers with nothing it can do, and the key appears nowhere in the run', async () => {
    chat.script(() => textReply('Let me think about it.'));
    const done = await run('50');
    expect(done).toMatchObject({ status: 'failed', reason: 'model_error' });
    const messages = await h.call('GET', `/unstable/agent-checkouts/${done.runId}/messages`);
    expect(JSON.stringify([done, messages.body])).not.toContain(MODEL_KEY);
  }, 90_000);
});
