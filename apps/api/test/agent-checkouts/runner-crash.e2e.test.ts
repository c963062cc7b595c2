import { type RecordedEvent, type EventStore } from '@paykit/event-store';
import { checkoutRunStreamName } from '@paykit/checkout-runs';
import { type StandaloneRunner, startStandaloneRunner } from '../../src/agent-checkouts/runner/standalone-runner.js';
import { RunnerHost } from '../../src/agent-checkouts/runner/runner-host.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { GateSwitch, gate, isCreateSession } from '@paykit/checkout-agent/testing';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';
import { RunnerOverridesModule } from './support/runner-overrides.module.js';

/** Short leases and sweeps so a dead runner's run is noticed within a second. */
const FAST_LEASES = { EVENT_STORE: 'sqlite', AGENT_CHECKOUT_LEASE_MS: 400, AGENT_CHECKOUT_SWEEP_MS: 50 };
const shipping = {
  addressLines: ['1 Market St'],
  locality: 'San Francisco',
  administrativeAreaCode: 'CA',
  postalCode: '94105',
  countryCode: 'US',
};

const eventsOf = async (h: Harness, runId: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const event of h.server.app.get<EventStore>(EVENT_STORE).readStream(checkoutRunStreamName(runId)))
    events.push(event);
  return events;
};

/** Starts a mug run whose runner is held just before it opens a checkout session at the shop. */
const runHeldMidway = async (h: Harness, gates: GateSwitch, email: string) => {
  const held = gates.install(gate(isCreateSession));
  const profile = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
    body: { name: { first: 'Alice', last: 'Doe' }, contact: { email }, shipping },
  });
  const created = await h.call('POST', '/unstable/agent-checkouts', {
    body: runBody(h.product('mug'), '50', { buyerProfileId: profile.body.id }),
  });
  expect(created.status).toBe(202);
  await held.held;
  return created.body.runId as string;
};

describe('a runner killed mid-run, with takeovers left', () => {
  const gates = new GateSwitch();
  let h: Harness;
  let standalone: StandaloneRunner | null = null;
  beforeAll(async () => {
    h = await startHarness({
      env: { ...FAST_LEASES, AGENT_CHECKOUT_MAX_TAKEOVERS: 1 },
      imports: [RunnerOverridesModule.with({ transport: gates.transport })],
    });
  });
  afterAll(async () => {
    gates.remove();
    await standalone?.stop();
    await h.close();
  });

  it('is taken over by a separate runner process on the same data directory and still buys exactly once', async () => {
    const email = 'takeover@example.com';
    const runId = await runHeldMidway(h, gates, email);
    await h.server.app.get(RunnerHost).kill();
    gates.remove();
    expect((await h.call('GET', `/unstable/agent-checkouts/${runId}`)).body.status).toBe('running');

    // `pnpm runner`: its sweeper sees the lapsed lease, the run goes back to the queue, its runner claims it.
    standalone = await startStandaloneRunner({ env: h.env });
    const done = await waitForRun(h, runId, isFinalSnapshot);

    expect(done).toMatchObject({ status: 'succeeded', result: { purchase: { kind: 'receipt_captured' } } });
    expect(h.shop.state.orders().filter((order) => order.buyer.email === email)).toHaveLength(1);
    const types = (await eventsOf(h, runId)).map((event) => event.type);
    expect(types.filter((type) => type === 'CheckoutRunClaimed')).toHaveLength(2);
    expect(types).toContain('CheckoutRunRequeued');
  });
});

describe('a runner killed mid-run, with no takeover left', () => {
  const gates = new GateSwitch();
  let h: Harness;
  let sweeper: StandaloneRunner | null = null;
  beforeAll(async () => {
    h = await startHarness({
      env: { ...FAST_LEASES, AGENT_CHECKOUT_MAX_TAKEOVERS: 0 },
      imports: [RunnerOverridesModule.with({ transport: gates.transport })],
    });
  });
  afterAll(async () => {
    gates.remove();
    await sweeper?.stop();
    await h.close();
  });

  it('does not stay running: once its lease lapses the sweeper ends it failed, and nothing was bought', async () => {
    const email = 'no-takeover@example.com';
    const runId = await runHeldMidway(h, gates, email);
    await h.server.app.get(RunnerHost).kill();
    gates.remove();

    // A process that only sweeps (concurrency 0).
    sweeper = await startStandaloneRunner({ env: { ...h.env, AGENT_CHECKOUT_RUNNER_CONCURRENCY: 0 } });
    const done = await waitForRun(h, runId, isFinalSnapshot);

    expect(done).toMatchObject({ status: 'failed', reason: 'runtime_error' });
    expect(h.shop.state.orders().filter((order) => order.buyer.email === email)).toEqual([]);
  });
});

describe('shutting down', () => {
  const gates = new GateSwitch();
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: { AGENT_CHECKOUT_DRAIN_MS: 10_000 },
      imports: [RunnerOverridesModule.with({ transport: gates.transport })],
    });
  });
  afterAll(async () => {
    gates.remove();
    await h.close();
  });

  it('drains the in-process runner: a run under way finishes before the runner stops', async () => {
    const runId = await runHeldMidway(h, gates, 'drain@example.com');
    const host = h.server.app.get(RunnerHost);
    const stopping = host.beforeApplicationShutdown();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    gates.remove();
    await stopping;

    expect((await h.call('GET', `/unstable/agent-checkouts/${runId}`)).body.status).toBe('succeeded');
    expect(host.current).toBeNull();
  });
});

describe('the separate runner', () => {
  it('refuses a store in memory: it could not see the API’s runs', async () => {
    await expect(startStandaloneRunner({ env: { EVENT_STORE: 'memory' } })).rejects.toThrow(/EVENT_STORE="memory"/);
  });
});
