import { DEFAULT_RUN_POLICY } from '../src/index.js';
import { cmd } from './commands.js';
import { EMBED_URL, OTHER_RUNNER, RUNNER, at, ev, given, iso, spec } from './fixtures.js';

const step = cmd.step;
const attach = (embedUrl = EMBED_URL, runnerId = RUNNER) =>
  ({ type: 'AttachBrowser', data: { runnerId, embedUrl, now: at(2) } }) as const;
const detach = (runnerId = RUNNER) => ({ type: 'DetachBrowser', data: { runnerId, now: at(20) } }) as const;

describe('recording steps', () => {
  it('records each step as an event, numbered in order', () => {
    spec
      .given([...given.browsing(), ev.step(1)])
      .when(step({ screenshotRef: 'shots/2.png' }))
      .then([
        {
          type: 'CheckoutRunStepRecorded',
          data: {
            stepNumber: 2,
            action: 'add to cart',
            url: 'https://shop.example.test/cart',
            screenshotRef: 'shots/2.png',
            recordedAt: iso(10),
          },
        },
      ]);
  });

  it('refuses a runner that does not hold the lease (a stale runner after a takeover)', () => {
    spec
      .given(given.browsing())
      .when(step({ runnerId: OTHER_RUNNER }))
      .thenFails({ code: 'lease_not_held' });
  });

  it('refuses steps while the run waits for the user', () => {
    spec
      .given(given.awaiting())
      .when(step())
      .thenFails({
        code: 'checkout_run_wrong_status',
        parameters: { status: 'awaiting_input', expected: ['running'] },
      });
  });

  it('refuses a new step once the user asked to cancel: cancellation is honoured between steps', () => {
    spec
      .given([...given.browsing(), ev.cancellationRequested()])
      .when(step())
      .thenFails({ code: 'cancellation_requested' });
  });

  it('refuses a step beyond the step budget', () => {
    const policy = { ...DEFAULT_RUN_POLICY, maxSteps: 2 };
    spec
      .given([ev.created(policy), ev.claimed(), ev.step(1)])
      .when(step())
      .events();
    spec
      .given([ev.created(policy), ev.claimed(), ev.step(1), ev.step(2)])
      .when(step())
      .thenFails({ code: 'step_budget_exhausted', parameters: { maxSteps: 2 } });
  });

  it.each([
    [{ url: 'not a url' }, 'url'],
    [{ action: '' }, 'action'],
    [{ action: 'x'.repeat(501) }, 'action'],
    [{ screenshotRef: '' }, 'screenshotRef'],
  ])('refuses %j', (overrides, field) => {
    spec.given(given.browsing()).when(step(overrides)).thenFails({ code: 'invalid_command', parameters: { field } });
  });

  it('refuses steps on a final run', () => {
    spec
      .given(given.blocked())
      .when(step())
      .thenFails({ code: 'checkout_run_final', parameters: { status: 'blocked' } });
  });
});

describe('the live browser view', () => {
  it('is attached by the runner', () => {
    spec.given(given.running()).when(attach()).then([ev.attached()]);
  });

  it('changes nothing when the same view is attached again', () => {
    spec.given(given.browsing()).when(attach()).thenNothingHappened();
  });

  it('is replaced by a new view', () => {
    spec
      .given(given.browsing())
      .when(attach('https://live.example.test/sessions/def'))
      .then([
        {
          type: 'CheckoutRunBrowserAttached',
          data: { embedUrl: 'https://live.example.test/sessions/def', attachedAt: iso(2) },
        },
      ]);
  });

  it('refuses a view that is not an absolute URL, or from a runner without the lease', () => {
    spec
      .given(given.running())
      .when(attach('/relative'))
      .thenFails({ code: 'invalid_command', parameters: { field: 'embedUrl' } });
    spec.given(given.running()).when(attach(EMBED_URL, OTHER_RUNNER)).thenFails({ code: 'lease_not_held' });
  });

  it('is detached, and detaching nothing changes nothing', () => {
    spec
      .given(given.browsing())
      .when(detach())
      .then([{ type: 'CheckoutRunBrowserDetached', data: { detachedAt: iso(20) } }]);
    spec.given(given.running()).when(detach()).thenNothingHappened();
  });
});
