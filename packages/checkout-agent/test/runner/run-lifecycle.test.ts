import { toRunSnapshot } from '@paykit/checkout-runs';
import { gate, isComplete, isCreateSession } from '../../src/testing/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { apiCommand, createRun, isFinal, readEvents, runInput, waitForRun } from '../support/runs.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const LEASE_MS = 30_000;
const mug = () => runInput(`${h.shop.url}/products/mug`, '50');
const finished = (runId: string) => waitForRun(h.store, runId, isFinal);
const typesOf = async (runId: string) => (await readEvents(h.store, runId)).map((event) => event.type);
const claimsOf = async (runId: string) =>
  (await readEvents(h.store, runId))
    .filter((event) => event.type === 'CheckoutRunClaimed')
    .map((event) => (event.data as { runnerId: string }).runnerId);

describe('cancellation', () => {
  it('is honoured between steps: the run ends cancelled, the merchant session is cancelled and nothing is bought', async () => {
    const held = gate(isCreateSession);
    h.startRunner({ transport: held.transport });
    const runId = await createRun(h.store, h.clock, mug());
    await held.held;

    const marked = await apiCommand(h.store, h.clock, runId, { type: 'Cancel', data: { now: h.clock.now() } });
    expect(marked).toMatchObject({ status: 'running', cancellationRequested: true });
    held.open();

    const run = await finished(runId);
    expect(toRunSnapshot(run)).toMatchObject({ status: 'cancelled', result: { outcome: 'cancelled' } });
    expect(h.shop.state.orders()).toEqual([]);
    expect(h.shop.state.paymentAttempts()).toEqual([]);
    expect(h.shop.state.requests().filter((request) => request.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('stops the agent before it hands the merchant a payment token', async () => {
    const held = gate(isCreateSession);
    h.startRunner({ transport: held.transport });
    const runId = await createRun(h.store, h.clock, mug());
    await held.held;

    await apiCommand(h.store, h.clock, runId, { type: 'Cancel', data: { now: h.clock.now() } });
    held.open();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'cancelled' });
    expect(h.shop.state.requests().map((request) => `${request.method} ${request.path}`)).not.toContainEqual(
      'POST /agentic_commerce/delegate_payment',
    );
  });

  it('ends a run waiting for an answer at once, and its runner stops', async () => {
    const runner = h.startRunner();
    const runId = await createRun(
      h.store,
      h.clock,
      runInput(`${h.shop.url}/products/tshirt`, '100', 'Buy the t-shirt'),
    );
    await waitForRun(h.store, runId, (run) => run.status === 'awaiting_input');

    await apiCommand(h.store, h.clock, runId, { type: 'Cancel', data: { now: h.clock.now() } });

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'cancelled' });
    await waitUntil(() => runner.runner.activeRuns().length === 0);
    expect(h.shop.state.orders()).toEqual([]);
  });

  it('is honoured while the payment token is delegated: no payment is started and the run ends cancelled', async () => {
    const held = gate((url, method) => method === 'POST' && url.pathname.endsWith('/delegate_payment'));
    h.startRunner({ transport: held.transport });
    const runId = await createRun(h.store, h.clock, mug());
    await held.held;

    await apiCommand(h.store, h.clock, runId, { type: 'Cancel', data: { now: h.clock.now() } });
    held.open();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'cancelled',
      result: { outcome: 'cancelled' },
    });
    expect(await typesOf(runId)).not.toContain('CheckoutRunPaymentStarted');
    expect(h.shop.state.orders()).toEqual([]);
    expect(h.shop.state.paymentAttempts()).toEqual([]);
  });
});

describe('a working runner', () => {
  it('renews its lease, so the sweeper leaves the run alone past the first lease end', async () => {
    const held = gate(isCreateSession);
    const runner = h.startRunner({ transport: held.transport, leaseMs: LEASE_MS, renewEveryMs: 5 });
    const runId = await createRun(h.store, h.clock, mug());
    await held.held;

    h.clock.advance(20_000);
    const renewedUntil = h.clock.now().getTime() + LEASE_MS;
    await waitForRun(h.store, runId, (run) => run.lease !== null && Date.parse(run.lease.until) === renewedUntil);
    h.clock.advance(20_000);
    expect((await runner.sweeper.sweep()).leasesExpired).toEqual([]);
    held.open();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(await typesOf(runId)).toContain('CheckoutRunLeaseRenewed');
  });
});

describe('a runner killed mid-run', () => {
  it('loses the run to another runner once its lease has passed, and the run still succeeds once', async () => {
    const held = gate(isCreateSession);
    const first = h.startRunner({ transport: held.transport, leaseMs: LEASE_MS });
    const runId = await createRun(h.store, h.clock, mug());
    await held.held;
    await first.kill();

    const second = h.startRunner({ leaseMs: LEASE_MS });
    expect((await second.sweeper.sweep()).leasesExpired).toEqual([]);
    h.clock.advance(LEASE_MS + 1);
    expect((await second.sweeper.sweep()).leasesExpired).toEqual([runId]);

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'succeeded' });
    expect(await claimsOf(runId)).toEqual(['runner-1', 'runner-2']);
    expect(await typesOf(runId)).toContain('CheckoutRunRequeued');
    expect(h.shop.state.orders()).toHaveLength(1);
  });

  it('fails the run with runtime_error when no takeover is left', async () => {
    const held = gate(isCreateSession);
    const first = h.startRunner({ transport: held.transport, leaseMs: LEASE_MS });
    const runId = await createRun(h.store, h.clock, mug(), { maxTakeovers: 0 });
    await held.held;
    await first.kill();

    h.clock.advance(LEASE_MS + 1);
    const sweeper = h.startRunner({ concurrency: 0 }).sweeper;
    await sweeper.sweep();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'failed', reason: 'runtime_error' });
  });

  it('fails the run with reconciliation_required when it died while paying, and never retries the payment', async () => {
    const held = gate(isComplete);
    const first = h.startRunner({ transport: held.transport, leaseMs: LEASE_MS });
    const runId = await createRun(h.store, h.clock, mug());
    await held.held;
    await first.kill();

    h.clock.advance(LEASE_MS + 1);
    const second = h.startRunner({ leaseMs: LEASE_MS });
    await second.sweeper.sweep();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'failed', reason: 'reconciliation_required' });
    expect(await claimsOf(runId)).toEqual(['runner-1']);
  });
});

describe('an unconfirmed payment', () => {
  it('ends reconciliation_required when the complete call times out and the merchant shows no completed order', async () => {
    const held = gate(isComplete);
    h.startRunner({ transport: held.transport, completeTimeoutMs: 50 });
    const runId = await createRun(h.store, h.clock, mug());

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'failed', reason: 'reconciliation_required' });
    const types = await typesOf(runId);
    expect(types).toContain('CheckoutRunPaymentStarted');
    expect(types).not.toContain('CheckoutRunPaymentNotCharged');
  });
});

describe('budgets', () => {
  it('fails the run with cost_limit when its steps are spent', async () => {
    h.startRunner();
    const runId = await createRun(h.store, h.clock, mug(), { maxSteps: 2 });

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'failed', reason: 'cost_limit' });
    expect((await typesOf(runId)).filter((type) => type === 'CheckoutRunStepRecorded')).toHaveLength(2);
    expect(h.shop.state.orders()).toEqual([]);
  });

  it('fails the run with cost_limit when its time is spent, and the runner stops at its next step', async () => {
    const held = gate(isCreateSession);
    const runner = h.startRunner({ transport: held.transport });
    const runId = await createRun(h.store, h.clock, mug(), { maxDurationMs: 60_000 });
    await held.held;

    h.clock.advance(60_000);
    expect((await runner.sweeper.sweep()).deadlinesPassed).toEqual([runId]);
    held.open();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'failed', reason: 'cost_limit' });
    await waitUntil(() => runner.runner.activeRuns().length === 0);
    expect(h.shop.state.orders()).toEqual([]);
  });
});

describe('the time budget', () => {
  it('is spent at exactly maxDurationMs: the runner ends the run at its next step without waiting for the sweeper', async () => {
    const held = gate(isCreateSession);
    h.startRunner({ transport: held.transport });
    const runId = await createRun(h.store, h.clock, mug(), { maxDurationMs: 60_000 });
    await held.held;

    h.clock.advance(60_000);
    held.open();

    expect(toRunSnapshot(await finished(runId))).toMatchObject({ status: 'failed', reason: 'cost_limit' });
    expect(await typesOf(runId)).not.toContain('CheckoutRunPaymentStarted');
    expect(h.shop.state.orders()).toEqual([]);
  });
});

describe('several runners', () => {
  it('claim each run exactly once: the append at the revision read lets one runner win', async () => {
    h.startRunner({ concurrency: 3 });
    h.startRunner({ concurrency: 3 });
    const runIds = await Promise.all([1, 2, 3, 4].map(() => createRun(h.store, h.clock, mug())));

    const runs = await Promise.all(runIds.map(finished));

    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    for (const runId of runIds) expect(await claimsOf(runId)).toHaveLength(1);
    expect(h.shop.state.orders()).toHaveLength(4);
  });
});

const waitUntil = async (condition: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
