import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CheckoutRun,
  type CheckoutRunEvent,
  checkoutRunDecider,
  checkoutRunStreamName,
} from '@paykit/checkout-runs';
import type { StrategyContext, StrategyOutcome } from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import { fold } from '@paykit/kernel';
import type { SandboxCardIssuer } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CARD_ISSUER } from '../../src/card-issuing/card-issuer.provider.js';
import { CardAuthorizationObserver } from '../../src/reports/card-authorization-observer.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { cardFormShopper } from './support/card-form-shopper.js';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';
import { RunnerOverridesModule } from './support/runner-overrides.module.js';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver.js';

/** Which script the next run follows: each test sets it before creating its run. */
let script: (context: StrategyContext) => Promise<StrategyOutcome> = async () => {
  throw new Error('no script');
};
let h: Harness;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  h = await startHarness({
    env: {
      EVENT_STORE: 'sqlite',
      AGENT_CHECKOUT_RUNNER_CONCURRENCY: 1,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_POLL_MS: 20,
    },
    shopOptions: { agenticCheckout: false },
    imports: [
      RunnerOverridesModule.with({
        strategies: () => [{ name: 'scripted', recognise: async () => ({ run: (context) => script(context) }) }],
      }),
    ],
  });
  const endpoint = await h.call('POST', '/2025-06-09/webhooks/endpoints', {
    as: { service: true },
    body: { url: receiver.url('/cards'), eventTypes: ['agent-checkouts.card.authorization'] },
  });
  expect(endpoint.status).toBe(201);
  receiver.trust('/cards', endpoint.body.secret);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

const loadRun = async (runId: string): Promise<CheckoutRun> => {
  const store = h.server.app.get<EventStore>(EVENT_STORE);
  const events: CheckoutRunEvent[] = [];
  for await (const event of store.readStream(checkoutRunStreamName(runId)))
    events.push({ type: event.type, data: event.data } as CheckoutRunEvent);
  const state = fold(checkoutRunDecider, events);
  if (!state.exists) throw new Error('no run');
  return state;
};

/** The run ended and every card it was given is closed. */
const ended = async (runId: string) => {
  const snapshot = await waitForRun(h, runId, isFinalSnapshot, { timeoutMs: 30_000 });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const run = await loadRun(runId);
    if (Object.values(run.cards).every((card) => card.closedAt !== null) || Date.now() > deadline)
      return { snapshot, run };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const start = async (shopper: typeof script) => {
  script = shopper;
  const created = await h.call('POST', '/unstable/agent-checkouts', { body: runBody(h.product('mug'), '50') });
  expect(created.status).toBe(202);
  return created.body.runId as string;
};

describe('a run that pays the demo merchant’s card form with a virtual card', () => {
  it('succeeds with what the issuer authorized beside the receipt, and its card is closed after', async () => {
    const typed: string[] = [];
    const runId = await start(cardFormShopper(h.shop.url, { typed }));
    const { snapshot, run } = await ended(runId);
    const [order] = h.shop.state
      .orders()
      .filter((each) => each.buyer.email === 'alice@example.com')
      .slice(-1);
    const total = ((order?.totals.total ?? 0) / 100).toFixed(2);
    expect(snapshot).toMatchObject({
      status: 'succeeded',
      result: {
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: total, currency: 'USD' }, merchantOrderId: order?.number },
          authorized: { amount: total, currency: 'USD' },
        },
      },
    });
    const [card] = Object.values(run.cards);
    expect(card).toMatchObject({
      cap: { amount: total, currency: 'USD' },
      merchantOrigin: new URL(h.shop.url).origin,
      closedAt: expect.any(String),
      authorizations: [expect.objectContaining({ approved: true, amount: { amount: total, currency: 'USD' } })],
    });
    const issued = await h.server.app.get<SandboxCardIssuer>(CARD_ISSUER).getCard(card!.cardId);
    expect(E.isRight(issued) && issued.right.status).toBe('closed');
    expect(h.shop.state.charged().at(-1)).toMatchObject({ paymentId: card?.authorizations[0]?.authorizationId });
    await receiver.until(() => receiver.handled.some((event) => event.data['runId'] === runId));
    expect(receiver.handled.filter((event) => event.data['runId'] === runId)).toEqual([
      {
        id: expect.any(String),
        type: 'agent-checkouts.card.authorization',
        data: {
          runId,
          attemptId: card?.attemptId,
          card: { last4: card?.last4, brand: 'visa', cap: { amount: total, currency: 'USD' } },
          authorization: card?.authorizations[0],
        },
      },
    ]);

    // No card detail in the data directory (the store, the read models, their WAL), and none left to reveal.
    expect(typed).toHaveLength(1);
    const details = await h.server.app.get<SandboxCardIssuer>(CARD_ISSUER).revealCard(card!.cardId);
    expect(E.isLeft(details)).toBe(true);
    for (const file of await readdir(h.server.dataDir, { recursive: true })) {
      const bytes = await readFile(join(h.server.dataDir, file)).catch(() => null);
      const text = bytes?.toString('latin1') ?? '';
      expect({ file, number: text.includes(typed[0]!), cvc: text.includes('"cvc"') }).toEqual({
        file,
        number: false,
        cvc: false,
      });
    }
  });

  it('is blocked policy.max_cost_exceeded when the shop asks more than the run declared: the issuer declines it', async () => {
    const charged = h.shop.state.charged().length;
    const runId = await start(cardFormShopper(h.shop.url, { understate: 1 }));
    const { snapshot, run } = await ended(runId);
    expect(snapshot).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded' } });
    expect(Object.values(run.cards)[0]).toMatchObject({
      closedAt: expect.any(String),
      authorizations: [expect.objectContaining({ approved: false, declineCode: 'over_cap' })],
    });
    expect(h.shop.state.charged()).toHaveLength(charged);
  });
});

describe('the reconciliation report of agent card spend', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const report = async () => {
    await h.server.app.get(CardAuthorizationObserver).observe();
    const answer = await h.call('GET', `/unstable/reports/reconciliation?from=${today()}&to=${today()}`, {
      as: { service: true },
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('lists what the issuer authorized on each run’s card, and flags an authorization on a card no run recorded', async () => {
    const runId = await start(cardFormShopper(h.shop.url));
    const { run } = await ended(runId);
    const [card] = Object.values(run.cards);

    // A card of the project that no run recorded (a runner that died between issuing and recording it).
    const issuer = h.server.app.get<SandboxCardIssuer>(CARD_ISSUER);
    const stray = await issuer.issueCard({
      idempotencyKey: `stray-${runId}`,
      cardholder: { name: 'Alice Shopper' },
      controls: {
        cap: { amount: '5.00', currency: 'USD' },
        maxApprovals: 1,
        merchantOrigin: new URL(h.shop.url).origin,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
      metadata: { projectId: h.projectId, runId: 'a-run-that-never-recorded-it' },
    });
    if (E.isLeft(stray)) throw new Error(stray.left.code);
    const details = await issuer.revealCard(stray.right.cardId);
    if (E.isLeft(details)) throw new Error(details.left.code);
    const answer = await issuer.authorize({
      card: details.right,
      amount: { amount: '5.00', currency: 'USD' },
      merchant: { name: 'Demo Merchant', url: h.shop.url },
    });
    expect(E.isRight(answer) && answer.right.approved).toBe(true);

    const body = await report();
    expect(body.agentCardSpend).toEqual(
      expect.arrayContaining([
        {
          runId,
          cardId: card?.cardId,
          last4: card?.last4,
          currency: 'USD',
          cap: card?.cap.amount,
          authorized: card?.cap.amount,
          approvals: 1,
          declines: 0,
        },
        expect.objectContaining({ runId: null, cardId: stray.right.cardId, authorized: '5' }),
      ]),
    );
    expect(body.exceptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'card-authorization-unmatched',
          details: expect.objectContaining({ cardId: stray.right.cardId, runId: 'a-run-that-never-recorded-it' }),
        }),
      ]),
    );
    expect(
      body.exceptions.filter((each: { kind: string }) => each.kind === 'card-authorization-unmatched'),
    ).toHaveLength(1);
  });
});
