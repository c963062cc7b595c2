import { isFinalStatus } from '@paykit/checkout-runs';
import { type EventStore, createEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { ManualClock, randomIds } from '@paykit/kernel';
import { SandboxCardVault } from '@paykit/providers';
import {
  type RunnerProcess,
  type CheckoutStrategy,
  sandboxTestCard,
  startRunnerProcess,
  vaultedCardCredentials,
} from '../../src/index.js';
import { createRun, loadRun, readEvents, runInput } from '../support/runs.js';

const RUNS = 12;

/**
 * On EventStoreDB the runners join one persistent subscription group (competing consumers):
 * each run event is offered to one runner, which claims the run and acknowledges the offer.
 */
describe('two runners on EventStoreDB (test server) sharing the runner group', () => {
  let server: EsdbTestServer;
  const stores: EventStore[] = [];
  const runners: RunnerProcess[] = [];
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');

  beforeAll(async () => {
    server = await startEsdbTestServer();
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.kill()));
    await Promise.all(stores.map((store) => store.close()));
    await server.close();
  });

  const connect = async () => {
    const store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
    stores.push(store);
    return store;
  };

  it('processes each queued run once, across both runners', async () => {
    const worked: { runId: string; runnerId: string }[] = [];
    // Recognises nothing: every run a runner works ends at once (no strategy), after it was claimed.
    const recorder = (runnerId: string): CheckoutStrategy => ({
      name: 'recorder',
      recognise: async (context) => {
        worked.push({ runId: context.runId, runnerId });
        return null;
      },
    });
    const vault = new SandboxCardVault({ clock, ids: randomIds });
    for (const runnerId of ['runner-a', 'runner-b']) {
      runners.push(
        startRunnerProcess({
          store: await connect(),
          clock,
          runnerId,
          concurrency: 2,
          sweepEveryMs: 0,
          payment: vaultedCardCredentials({ vault, card: sandboxTestCard(clock, '4242424242424242') }),
          strategies: () => [recorder(runnerId)],
        }),
      );
    }

    const api = await connect();
    const runIds: string[] = [];
    for (let i = 0; i < RUNS; i++)
      runIds.push(await createRun(api, clock, runInput(`https://shop.test/products/${i}`, '10')));

    const deadline = Date.now() + 15_000;
    const finished = async () =>
      (await Promise.all(runIds.map((runId) => loadRun(api, runId)))).every((run) => isFinalStatus(run.status));
    while (!(await finished()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await finished()).toBe(true);
    expect(worked.map((entry) => entry.runId).sort()).toEqual([...runIds].sort());
    for (const runId of runIds) {
      const claims = (await readEvents(api, runId)).filter((event) => event.type === 'CheckoutRunClaimed');
      expect(claims).toHaveLength(1);
    }
    expect(new Set(worked.map((entry) => entry.runnerId))).toEqual(new Set(['runner-a', 'runner-b']));
  });
});
