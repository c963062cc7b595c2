import { CANCELLED_SUMMARIES } from '../src/index.js';
import { OTHER_RUNNER, RUNNER, at, ev, given, iso, spec } from './fixtures.js';

const cancel = (seconds = 9) => ({ type: 'Cancel', data: { now: at(seconds) } }) as const;
const complete = (overrides: Record<string, unknown> = {}) =>
  ({ type: 'CompleteCancellation', data: { runnerId: RUNNER, now: at(12), ...overrides } }) as const;
const marked = () => [...given.browsing(), ev.cancellationRequested(9)];

describe('the user cancels', () => {
  it('a queued run at once', () => {
    spec
      .given(given.queued())
      .when(cancel())
      .then([ev.cancelled(CANCELLED_SUMMARIES.beforeStart, 9)]);
  });

  it('a run waiting for input at once', () => {
    spec
      .given(given.awaiting())
      .when(cancel())
      .then([ev.cancelled(CANCELLED_SUMMARIES.whileWaiting, 9)]);
  });

  it('a running run by marking it: the runner stops between steps', () => {
    spec
      .given(given.browsing())
      .when(cancel())
      .then([ev.cancellationRequested(9)]);
  });

  it('a run waiting for input with a payment in flight by marking it (money may be moving)', () => {
    const history = [...given.paying(), ev.inputRequested('req-3ds', 600, 7)];
    spec
      .given(history)
      .when(cancel())
      .then([ev.cancellationRequested(9)]);
  });

  it('again: no-op while marked, no-op once cancelled', () => {
    spec.given(marked()).when(cancel(10)).thenNothingHappened();
    spec.given(given.cancelled()).when(cancel(10)).thenNothingHappened();
    spec
      .given([...given.browsing(), ev.failed('cancelled')])
      .when(cancel(10))
      .thenNothingHappened();
  });

  it.each([['succeeded'], ['failed'], ['blocked']] as const)('a %s run: refused, it has ended', (status) => {
    spec
      .given(given[status]())
      .when(cancel(10))
      .thenFails({ code: 'checkout_run_final', kind: 'conflict', parameters: { status } });
  });
});

describe('the runner completes a requested cancellation', () => {
  it('ends the run cancelled', () => {
    spec
      .given(marked())
      .when(complete())
      .then([ev.cancelled(CANCELLED_SUMMARIES.betweenSteps, 12)]);
  });

  it('with its own summary', () => {
    spec
      .given(marked())
      .when(complete({ summary: 'Cancelled with one tee left in the cart.' }))
      .then([
        {
          type: 'CheckoutRunCancelled',
          data: {
            result: { outcome: 'cancelled', summary: 'Cancelled with one tee left in the cart.' },
            cancelledAt: iso(12),
          },
        },
      ]);
  });

  it('refuses when nobody asked, when a payment is unresolved, or from a runner without the lease', () => {
    spec.given(given.browsing()).when(complete()).thenFails({ code: 'cancellation_not_requested' });
    spec
      .given([...given.paying(), ev.cancellationRequested(9)])
      .when(complete())
      .thenFails({ code: 'payment_in_flight' });
    spec
      .given(marked())
      .when(complete({ runnerId: OTHER_RUNNER }))
      .thenFails({ code: 'lease_not_held' });
  });

  it('after the payment is resolved as not charged', () => {
    spec
      .given([
        ...given.paying(),
        ev.cancellationRequested(9),
        { type: 'CheckoutRunPaymentNotCharged', data: { attemptId: 'pay-1', recordedAt: iso(10) } },
      ])
      .when(complete())
      .then([ev.cancelled(CANCELLED_SUMMARIES.betweenSteps, 12)]);
  });
});
