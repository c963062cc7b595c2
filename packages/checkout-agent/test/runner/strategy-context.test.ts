import { checkoutRunStreamName } from '@paykit/checkout-runs';
import { randomIds } from '@paykit/kernel';
import { EventEmitter } from 'node:events';
import type { Page } from 'playwright-core';
import { type LiveView, type RunnerLogger, type RunnerProcess, type StrategyOutcome } from '../../src/index.js';
import { type Harness, startHarness } from '../support/harness.js';
import { apiCommand, createRun, isFinal, loadRun, readEvents, runInput, waitForRun } from '../support/runs.js';
import { attempt, deferred, scripted, storeWithReadHook } from '../support/scripted-strategy.js';

/**
 * What a strategy's context does for it, driven by a scripted strategy on a real runner over
 * the memory store: steps, questions, payments and the live view, and how each stops the run.
 */
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const STOPPED_BY_TEST: StrategyOutcome = {
  kind: 'blocked',
  code: 'merchant.no_safe_path',
  summary: 'Stopped by the test.',
};
const BOUGHT: StrategyOutcome = {
  kind: 'succeeded',
  summary: 'Bought 1 x Mug.',
  receipt: { total: { amount: '12.00', currency: 'USD' } },
};
/** Lease renewals would append events of their own: none during these tests. */
const NO_RENEWALS = { renewEveryMs: 3_600_000 };

const product = () => `${h.shop.url}/products/mug`;
const mug = () => runInput(product(), '50');
const finished = (runId: string) => waitForRun(h.store, runId, isFinal);
const typesOf = async (runId: string) => (await readEvents(h.store, runId)).map((event) => event.type);

const cancel = (runId: string) => apiCommand(h.store, h.clock, runId, { type: 'Cancel', data: { now: h.clock.now() } });

describe('a step', () => {
  it('is recorded with the key of its screenshot', async () => {
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          await context.step('Open the product page', product(), 'screenshots/step-1.png');
          return STOPPED_BY_TEST;
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());
    await finished(runId);

    const steps = (await readEvents(h.store, runId)).filter((event) => event.type === 'CheckoutRunStepRecorded');
    expect(steps.map((event) => event.data)).toEqual([
      expect.objectContaining({ action: 'Open the product page', screenshotRef: 'screenshots/step-1.png' }),
    ]);
  });

  it('that the run refuses is the strategy’s own error: nothing is recorded and the run fails runtime_error', async () => {
    const seen = deferred<string>();
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          const tried = await attempt(context.step('Open the product page', 'not a URL'));
          seen.resolve(tried.said);
          return tried.end(STOPPED_BY_TEST);
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());

    expect(await seen.promise).toBe('refused: invalid_command');
    expect(await finished(runId)).toMatchObject({ status: 'failed', reason: 'runtime_error' });
    expect(await typesOf(runId)).not.toContain('CheckoutRunStepRecorded');
  });

  it('stops the run cancelled when the cancel lands while the step is being recorded', async () => {
    let cancelAfterNextRead: string | null = null;
    const store = storeWithReadHook(h.store, async (streamName) => {
      if (streamName !== cancelAfterNextRead) return;
      cancelAfterNextRead = null;
      // The step has read the run (not cancelled yet); the user's cancel is appended before it records.
      await cancel(streamName.slice(checkoutRunStreamName('').length));
    });
    const seen = deferred<string>();
    h.startRunner({
      store,
      ...NO_RENEWALS,
      strategies: () => [
        scripted(async (context) => {
          cancelAfterNextRead = checkoutRunStreamName(context.runId);
          const tried = await attempt(context.step('Open the product page', product()));
          seen.resolve(tried.said);
          return tried.end(STOPPED_BY_TEST);
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());

    expect(await seen.promise).toBe('stopped: cancelled');
    expect(await finished(runId)).toMatchObject({ status: 'cancelled' });
    expect(await typesOf(runId)).not.toContain('CheckoutRunStepRecorded');
  });
});

describe('a payment under way', () => {
  it('is not cut short by the user’s cancel: the next step goes on, and the run records the payment’s outcome', async () => {
    const seen = deferred<string>();
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          expect(await context.startPayment({ amount: '12.00', currency: 'USD' })).toMatchObject({ kind: 'started' });
          await cancel(context.runId);
          const tried = await attempt(context.step('Read the order confirmation', product()));
          seen.resolve(tried.said);
          return tried.end(BOUGHT);
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());

    expect(await seen.promise).toBe('done');
    expect(await finished(runId)).toMatchObject({ status: 'succeeded', cancellationRequested: true });
  });

  it('is not cut short by the time budget: a step past maxDurationMs is recorded and the run succeeds', async () => {
    const seen = deferred<string>();
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          expect(await context.startPayment({ amount: '12.00', currency: 'USD' })).toMatchObject({ kind: 'started' });
          h.clock.advance(60_000);
          const tried = await attempt(context.step('Read the order confirmation', product()));
          seen.resolve(tried.said);
          return tried.end(BOUGHT);
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug(), { maxDurationMs: 60_000 });

    expect(await seen.promise).toBe('done');
    expect(await finished(runId)).toMatchObject({ status: 'succeeded' });
    const types = await typesOf(runId);
    expect(types.lastIndexOf('CheckoutRunStepRecorded')).toBeGreaterThan(types.indexOf('CheckoutRunPaymentStarted'));
  });
});

describe('a runner that lost its run', () => {
  it('writes nothing more to it, not even the end of its time budget: its next step stops with lease_lost', async () => {
    const held = deferred();
    const release = deferred();
    const seen = deferred<{ said: string; status: string }>();
    let sessions = 0;
    const runner = h.startRunner({
      leaseMs: 30_000,
      ...NO_RENEWALS,
      strategies: () => [
        scripted(async (context) => {
          // Once this session has ended the runner claims the run again: that session does nothing.
          if (++sessions > 1) return STOPPED_BY_TEST;
          await context.step('Open the product page', product());
          held.resolve();
          await release.promise;
          const tried = await attempt(context.step('Read the price', product()));
          seen.resolve({ said: tried.said, status: (await loadRun(h.store, context.runId)).status });
          return tried.end(STOPPED_BY_TEST);
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug(), { maxDurationMs: 120_000 });
    await held.promise;

    h.clock.advance(30_001);
    expect((await runner.sweeper.sweep()).leasesExpired).toEqual([runId]);
    h.clock.advance(120_000);
    release.resolve();

    expect(await seen.promise).toEqual({ said: 'stopped: lease_lost', status: 'queued' });
  });
});

describe('a question', () => {
  it('that the run refuses is the strategy’s own error, not a cancel: the run fails runtime_error', async () => {
    const seen = deferred<string>();
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          const tried = await attempt(context.ask('', { kind: 'protected', format: 'password' }));
          seen.resolve(tried.said);
          return tried.end(STOPPED_BY_TEST);
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());

    expect(await seen.promise).toBe('refused: invalid_command');
    expect(await finished(runId)).toMatchObject({ status: 'failed', reason: 'runtime_error' });
  });

  it('with a protected answer gives the strategy the secret’s reference', async () => {
    const answered = deferred<unknown>();
    h.startRunner({
      strategies: () => [
        scripted(async (context) => {
          answered.resolve(await context.ask('Your password at the shop?', { kind: 'protected', format: 'password' }));
          return STOPPED_BY_TEST;
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());
    const waiting = await waitForRun(h.store, runId, (run) => run.status === 'awaiting_input');

    await apiCommand(h.store, h.clock, runId, {
      type: 'AnswerInput',
      data: {
        messageId: randomIds.uuid(),
        requestId: waiting.pendingRequestId ?? '',
        action: 'submit',
        secretRef: 'secrets/password-1',
        now: h.clock.now(),
      },
    });

    expect(await answered.promise).toEqual({ action: 'submit', secretRef: 'secrets/password-1' });
  });

  it('answered just before its session listens for a wake-up is still read: the session looks at its run every second', async () => {
    let runner: RunnerProcess | null = null;
    let answeredOnce = false;
    const store = storeWithReadHook(h.store, async (streamName, events) => {
      const last = events.at(-1);
      if (answeredOnce || last?.type !== 'CheckoutRunInputRequested') return;
      answeredOnce = true;
      // The session has read its run with the question pending. The answer arrives now, and the
      // run index has taken it (its wake-up given) before the session starts waiting for one.
      const runId = streamName.slice(checkoutRunStreamName('').length);
      const { requestId } = last.data as { requestId: string };
      await apiCommand(h.store, h.clock, runId, {
        type: 'AnswerInput',
        data: { messageId: randomIds.uuid(), requestId, action: 'submit', value: 'M', now: h.clock.now() },
      });
      await runner?.index.caughtUp();
    });
    const answered = deferred<unknown>();
    runner = h.startRunner({
      store,
      ...NO_RENEWALS,
      strategies: () => [
        scripted(async (context) => {
          answered.resolve(await context.ask('Which size?', { kind: 'form', schema: { type: 'string' } }));
          return STOPPED_BY_TEST;
        }),
      ],
    });
    await createRun(h.store, h.clock, mug());

    expect(await answered.promise).toEqual({ action: 'submit', value: 'M' });
  });
});

describe('an agent message', () => {
  it('that the run refuses does not stop the run; the refusal is logged with the run and its code', async () => {
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const logger: RunnerLogger = {
      info: () => {},
      error: () => {},
      warn: (fields, message) => warnings.push({ fields, message }),
    };
    h.startRunner({
      logger,
      strategies: () => [
        scripted(async (context) => {
          await context.tell('');
          await context.step('Open the product page', product());
          return STOPPED_BY_TEST;
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());

    expect(await finished(runId)).toMatchObject({ status: 'blocked' });
    expect(await typesOf(runId)).toContain('CheckoutRunStepRecorded');
    expect(warnings).toContainEqual({ fields: { runId, code: 'invalid_command' }, message: 'agent message refused' });
  });
});

/** A live view that only remembers which page it shows for which run. */
class RememberedLiveView implements LiveView {
  readonly shown = new Map<string, Page>();

  async publish(runId: string, page: Page): Promise<string> {
    this.shown.set(runId, page);
    return `https://live.test/live/${runId}`;
  }

  unpublish(runId: string): void {
    this.shown.delete(runId);
  }

  async close(): Promise<void> {
    this.shown.clear();
  }
}

describe('an attached browser page', () => {
  it('is the run’s live view while it is open, and leaves the live view once it closes', async () => {
    const liveView = new RememberedLiveView();
    const seen = deferred<{ whileOpen: boolean; afterClose: boolean }>();
    h.startRunner({
      liveView,
      strategies: () => [
        scripted(async (context) => {
          // Only `close` of a page matters to the runner; the live view keeps the page as given.
          const events = new EventEmitter();
          const page = events as unknown as Page;
          await context.attachBrowser(page);
          const whileOpen = liveView.shown.get(context.runId) === page;
          events.emit('close');
          seen.resolve({ whileOpen, afterClose: liveView.shown.has(context.runId) });
          return STOPPED_BY_TEST;
        }),
      ],
    });
    const runId = await createRun(h.store, h.clock, mug());

    expect(await seen.promise).toEqual({ whileOpen: true, afterClose: false });
    const attached = (await readEvents(h.store, runId)).filter((event) => event.type === 'CheckoutRunBrowserAttached');
    expect(attached.map((event) => event.data)).toEqual([
      expect.objectContaining({ embedUrl: `https://live.test/live/${runId}` }),
    ]);
  });
});
