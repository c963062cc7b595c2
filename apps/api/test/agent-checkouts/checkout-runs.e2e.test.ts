/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { agentCheckoutMessageSchema, agentCheckoutSnapshotSchema } from '@paykit/contracts';
import { GateSwitch, gate, isCreateSession } from '@paykit/checkout-agent/testing';
import { type Harness, ALICE, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';
import { RunnerOverridesModule } from './support/runner-overrides.module.js';
import { openSse } from './support/sse.js';

const gates = new GateSwitch();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ imports: [RunnerOverridesModule.with({ transport: gates.transport })] });
});
afterEach(() => gates.remove());
afterAll(() => h.close());

const create = async (body: unknown) => {
  const response = await h.call('POST', '/unstable/agent-checkouts', { body });
  expect(response.status).toBe(202);
  return response.body;
};
const finished = (runId: string) => waitForRun(h, runId, isFinalSnapshot);

/** A buyer profile per run, so each run's order at the shared shop can be told apart by its email. */
const buyerProfile = async (email: string) => {
  const response = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
    body: {
      name: { first: 'Alice', last: 'Shopper' },
      contact: { email, phone: '+14155550100' },
      shipping: {
        addressLines: ['1 Market St'],
        locality: 'San Francisco',
        administrativeAreaCode: 'CA',
        postalCode: '94105',
        countryCode: 'us',
      },
    },
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
};

/** Creates a run whose buyer email is derived from its id (the id is only known after creation). */
const run = async (slug: string, maxCost: string, task?: string) => {
  const email = `${crypto.randomUUID()}@example.com`;
  const buyerProfileId = await buyerProfile(email);
  const snapshot = await create(runBody(h.product(slug), maxCost, { task, buyerProfileId }));
  return { snapshot, email, orders: () => h.shop.state.orders().filter((order) => order.buyer.email === email) };
};

describe('agent checkout runs against the demo merchant', () => {
  it('answers 202 with the queued snapshot, exactly the spec shape', async () => {
    const { snapshot } = await run('mug', '50');
    expect(agentCheckoutSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    expect(snapshot).toMatchObject({ status: 'queued', browser: null, requiredAction: null, revision: 0 });
    expect(snapshot.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Object.keys(snapshot)).toEqual([
      'runId',
      'createdAt',
      'revision',
      'status',
      'browser',
      'requiredAction',
      'input',
    ]);
    await finished(snapshot.runId);
  });

  it('succeeds within maxCost with a receipt whose total and order id are the order the merchant recorded', async () => {
    const { snapshot, orders } = await run('mug', '50', 'Buy a ceramic mug');
    const done = await finished(snapshot.runId);

    const [order] = orders();
    expect(orders()).toHaveLength(1);
    expect(order).toMatchObject({
      channel: 'agentic_checkout',
      lines: [expect.objectContaining({ sku: 'mug', quantity: 1 })],
    });
    const receiptTotal = (order!.totals.total / 100).toFixed(2);
    expect(done).toMatchObject({
      status: 'succeeded',
      result: {
        outcome: 'succeeded',
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: receiptTotal, currency: 'USD' }, merchantOrderId: order!.number },
        },
      },
    });
    expect(Number(receiptTotal)).toBeLessThanOrEqual(50);
    expect(agentCheckoutSnapshotSchema.parse(done)).toEqual(done);
  });

  it('is blocked with policy.max_cost_exceeded when the total is over maxCost, and nothing is charged', async () => {
    const attemptsBefore = h.shop.state.paymentAttempts().length;
    // $95.00 on the page, $107.88 with shipping and tax to San Francisco.
    const { snapshot, orders } = await run('hoodie', '100', 'Buy the hoodie');
    const done = await finished(snapshot.runId);

    expect(done).toMatchObject({ status: 'blocked', result: { code: 'policy.max_cost_exceeded', outcome: 'blocked' } });
    expect(orders()).toEqual([]);
    expect(h.shop.state.paymentAttempts()).toHaveLength(attemptsBefore);
  });

  it('is blocked with product.item_unavailable for a product out of stock', async () => {
    const { snapshot, orders } = await run('desk-lamp', '100', 'Buy the desk lamp');
    expect(await finished(snapshot.runId)).toMatchObject({
      status: 'blocked',
      result: { code: 'product.item_unavailable' },
    });
    expect(orders()).toEqual([]);
  });

  it('asks for the size through requiredAction and goes on with the answer sent as a message', async () => {
    const { snapshot, orders } = await run('tshirt', '100', 'Buy the t-shirt');
    const waiting = await waitForRun(h, snapshot.runId, (s) => s.status === 'awaiting_input' || isFinalSnapshot(s));

    expect(agentCheckoutSnapshotSchema.parse(waiting)).toEqual(waiting);
    const action = waiting.requiredAction;
    expect(action).toMatchObject({ type: 'input_response', request: { interaction: { kind: 'form' } } });
    expect(action.request.interaction.schema.properties.size.enum).toEqual(['S', 'L']);

    const answer = {
      id: 'answer-size-1',
      parts: [{ type: 'input_response', requestId: action.requestId, action: 'submit', value: { size: 'L' } }],
    };
    const posted = await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/messages`, { body: answer });
    expect(posted.status).toBe(201);
    expect(agentCheckoutMessageSchema.parse(posted.body)).toEqual(posted.body);
    expect(posted.body).toMatchObject({ id: 'answer-size-1', role: 'user', parts: answer.parts });

    // The same message again changes nothing; another message under its id is a conflict.
    const again = await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/messages`, { body: answer });
    expect(again.status).toBe(201);
    const reused = await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/messages`, {
      body: { id: 'answer-size-1', parts: [{ type: 'text', text: 'something else' }] },
    });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: true, code: 'message_id_conflict' });

    expect(await finished(snapshot.runId)).toMatchObject({ status: 'succeeded', requiredAction: null });
    expect(orders()).toEqual([expect.objectContaining({ lines: [expect.objectContaining({ sku: 'tshirt-l' })] })]);

    const messages = await h.call('GET', `/unstable/agent-checkouts/${snapshot.runId}/messages`);
    expect(messages.status).toBe(200);
    const ids = messages.body.data.map((message: any) => message.id);
    expect(ids).toContain(action.messageId);
    expect(ids.filter((id: string) => id === 'answer-size-1')).toHaveLength(1);
  });

  it('refuses an answer to a question the run never asked (422) and one after the run ended (409)', async () => {
    const { snapshot } = await run('tshirt', '100', 'Buy the t-shirt');
    const waiting = await waitForRun(h, snapshot.runId, (s) => s.status === 'awaiting_input');
    const post = (id: string, requestId: string) =>
      h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/messages`, {
        body: { id, parts: [{ type: 'input_response', requestId, action: 'decline' }] },
      });
    expect((await post('m-unknown', 'no-such-request')).body).toMatchObject({ code: 'input_request_unknown' });
    expect((await post('m-unknown', 'no-such-request')).status).toBe(422);

    expect((await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/cancel`)).status).toBe(202);
    const late = await post('m-late', waiting.requiredAction.requestId);
    expect(late.status).toBe(409);
  });

  it('cancels a run mid-run: the cancel is honoured between steps and nothing is bought', async () => {
    const held = gates.install(gate(isCreateSession));
    const { snapshot, orders } = await run('mug', '50', 'Buy a ceramic mug');
    await held.held;
    expect((await h.call('GET', `/unstable/agent-checkouts/${snapshot.runId}`)).body.status).toBe('running');

    const cancel = await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/cancel`);
    expect(cancel.status).toBe(202);
    expect(agentCheckoutSnapshotSchema.parse(cancel.body)).toEqual(cancel.body);
    held.open();

    const done = await finished(snapshot.runId);
    expect(done).toMatchObject({ status: 'cancelled', result: { outcome: 'cancelled' } });
    expect(orders()).toEqual([]);
    // Cancelling again changes nothing; the snapshot is the same.
    const again = await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/cancel`);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(done);
  });

  it('refuses to cancel a run that already ended otherwise (409)', async () => {
    const { snapshot } = await run('desk-lamp', '100');
    await finished(snapshot.runId);
    const cancel = await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ error: true, code: 'checkout_run_final' });
  });

  it('shows strictly increasing revisions on the stream, and polling and streaming combine by the greatest revision', async () => {
    const { snapshot } = await run('tshirt', '100', 'Buy the t-shirt');
    const url = `${h.server.baseUrl}/unstable/agent-checkouts/${snapshot.runId}/messages/stream`;
    const stream = await openSse(url, await h.headers(ALICE));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const observed: { source: 'poll' | 'stream'; at: number; snapshot: any }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const response = await h.call('GET', `/unstable/agent-checkouts/${snapshot.runId}`);
        observed.push({ source: 'poll', at: performance.now(), snapshot: response.body });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const question = await stream.waitFor(
      (event) => event.event === 'run.updated' && event.data.status === 'awaiting_input',
    );
    while (!observed.some((o) => o.snapshot.status === 'awaiting_input'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    await h.call('POST', `/unstable/agent-checkouts/${snapshot.runId}/messages`, {
      body: {
        id: 'size',
        parts: [
          { type: 'input_response', requestId: question.data.requiredAction.requestId, action: 'submit', value: 'S' },
        ],
      },
    });
    await stream.ended;
    polling = false;
    await poller;
    const last = await h.call('GET', `/unstable/agent-checkouts/${snapshot.runId}`);
    observed.push({ source: 'poll', at: performance.now(), snapshot: last.body });

    const streamed = stream.events.filter((event) => event.event === 'run.updated');
    streamed.forEach((event) => observed.push({ source: 'stream', at: event.at, snapshot: event.data }));
    const revisions = streamed.map((event) => event.data.revision);
    revisions.slice(1).forEach((revision, index) => expect(revision).toBeGreaterThan(revisions[index]!));
    expect(streamed.at(-1)!.data.status).toBe('succeeded');
    streamed.forEach((event) => expect(event.id).toBe(String(event.data.revision)));

    // A client keeping the greatest revision never goes back, and ends on the final snapshot.
    observed.sort((a, b) => a.at - b.at);
    let kept: any = null;
    const keptRevisions: number[] = [];
    for (const { snapshot: seen } of observed) {
      if (kept === null || seen.revision > kept.revision) kept = seen;
      keptRevisions.push(kept.revision);
    }
    keptRevisions.slice(1).forEach((revision, index) => expect(revision).toBeGreaterThanOrEqual(keptRevisions[index]!));
    expect(kept.status).toBe('succeeded');
    // Whatever the source, one revision is one snapshot.
    const byRevision = new Map<number, any>();
    for (const { snapshot: seen } of observed) {
      if (byRevision.has(seen.revision)) expect(seen).toEqual(byRevision.get(seen.revision));
      byRevision.set(seen.revision, seen);
    }
    const polledStatuses = observed.filter((o) => o.source === 'poll').map((o) => o.snapshot.status);
    expect(polledStatuses).toEqual(expect.arrayContaining(['awaiting_input', 'succeeded']));
  });
});
