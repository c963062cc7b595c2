import { DEFAULT_RUN_POLICY } from '../src/index.js';
import { OTHER_RUNNER, RUNNER, at, ev, given, iso, spec } from './fixtures.js';

const claim = (runnerId = RUNNER, seconds = 1, leaseSeconds = 60) =>
  ({ type: 'Claim', data: { runnerId, leaseUntil: at(seconds + leaseSeconds), now: at(seconds) } }) as const;
const renew = (runnerId = RUNNER, untilSeconds = 90, seconds = 30) =>
  ({ type: 'RenewLease', data: { runnerId, leaseUntil: at(untilSeconds), now: at(seconds) } }) as const;
const leaseExpired = (seconds: number) => ({ type: 'LeaseExpired', data: { now: at(seconds) } }) as const;
const deadlinePassed = (seconds: number) => ({ type: 'DeadlinePassed', data: { now: at(seconds) } }) as const;

describe('claiming a queued run', () => {
  it('gives the runner a lease and starts the run', () => {
    spec.given(given.queued()).when(claim()).then([ev.claimed()]);
  });

  it('changes nothing when the holder claims again (a retried claim)', () => {
    spec.given(given.running()).when(claim()).thenNothingHappened();
  });

  it('refuses another runner while the run is held', () => {
    spec
      .given(given.running())
      .when(claim(OTHER_RUNNER))
      .thenFails({ code: 'checkout_run_wrong_status', parameters: { status: 'running', expected: ['queued'] } });
  });

  it('refuses a lease that ends before now', () => {
    spec
      .given(given.queued())
      .when(claim(RUNNER, 1, 0))
      .thenFails({ code: 'invalid_command', parameters: { field: 'leaseUntil' } });
  });

  it.each([['succeeded'], ['failed'], ['blocked'], ['cancelled']] as const)('refuses to claim a %s run', (status) => {
    spec
      .given(given[status]())
      .when(claim(OTHER_RUNNER))
      .thenFails({ code: 'checkout_run_final', parameters: { status } });
  });

  it('counts the attempt when a run is taken over', () => {
    spec
      .given([...given.running(), ev.requeued()])
      .when(claim(OTHER_RUNNER, 130))
      .then([ev.claimed(OTHER_RUNNER, 130, 2)]);
  });
});

describe('renewing a lease', () => {
  it('extends the holder lease', () => {
    spec
      .given(given.running())
      .when(renew())
      .then([{ type: 'CheckoutRunLeaseRenewed', data: { runnerId: RUNNER, leaseUntil: iso(90), renewedAt: iso(30) } }]);
  });

  it('is accepted late, as long as no sweeper has declared the lease lost', () => {
    spec
      .given(given.running())
      .when(renew(RUNNER, 200, 100))
      .then([
        { type: 'CheckoutRunLeaseRenewed', data: { runnerId: RUNNER, leaseUntil: iso(200), renewedAt: iso(100) } },
      ]);
  });

  it('never shortens a lease', () => {
    spec
      .given(given.running())
      .when(renew(RUNNER, 50, 30))
      .thenNothingHappened();
  });

  it('refuses a runner that does not hold the lease', () => {
    spec.given(given.running()).when(renew(OTHER_RUNNER)).thenFails({ code: 'lease_not_held', kind: 'conflict' });
    spec.given(given.queued()).when(renew()).thenFails({ code: 'lease_not_held' });
  });

  it('refuses renewal of a final run, so the runner learns to stop', () => {
    spec.given(given.failed()).when(renew()).thenFails({ code: 'checkout_run_final' });
  });

  it('keeps a run held while awaiting input', () => {
    spec
      .given(given.awaiting())
      .when(renew())
      .then([{ type: 'CheckoutRunLeaseRenewed', data: { runnerId: RUNNER, leaseUntil: iso(90), renewedAt: iso(30) } }]);
  });
});

describe('a lease that expires (the runner is gone)', () => {
  it('changes nothing before the lease ends', () => {
    spec.given(given.running()).when(leaseExpired(60)).thenNothingHappened();
  });

  it('puts the run back in the queue for another runner', () => {
    spec
      .given(given.browsing())
      .when(leaseExpired(61))
      .then([ev.requeued(1, 61)]);
  });

  it('withdraws a pending question: the new runner starts a new session', () => {
    const history = [...given.awaiting(), ev.requeued(1, 70)];
    spec
      .given(given.awaiting())
      .when(leaseExpired(70))
      .then([ev.requeued(1, 70)]);
    spec
      .given(history)
      .when({
        type: 'AnswerInput',
        data: { messageId: 'late', requestId: 'req-1', action: 'submit', value: { size: 'M' }, now: at(71) },
      })
      .thenFails({ code: 'input_request_not_pending' });
  });

  it('ends failed/browser_session_lost once the takeovers are used up and a browser was open', () => {
    const history = [
      ...given.browsing(),
      ev.requeued(1, 61),
      ev.claimed(OTHER_RUNNER, 62, 2),
      ev.attached(63),
      ev.requeued(2, 130, OTHER_RUNNER),
      ev.claimed(RUNNER, 131, 3),
      ev.attached(132),
    ];
    spec
      .given(history)
      .when(leaseExpired(200))
      .then([ev.failed('browser_session_lost', 200)]);
  });

  it('ends failed/runtime_error when the last runner died before opening a browser', () => {
    spec
      .given([ev.created({ ...DEFAULT_RUN_POLICY, maxTakeovers: 0 }), ev.claimed()])
      .when(leaseExpired(61))
      .then([ev.failed('runtime_error', 61)]);
  });

  it('ends failed/reconciliation_required when a payment may have gone through: never retried', () => {
    spec
      .given(given.paying())
      .when(leaseExpired(61))
      .then([ev.failed('reconciliation_required', 61)]);
  });

  it('honours a pending cancellation instead of a takeover', () => {
    spec
      .given([...given.browsing(), ev.cancellationRequested(10)])
      .when(leaseExpired(61))
      .then([ev.cancelled("The checkout was cancelled at the user's request; nothing was bought.", 61)]);
  });

  it.each([['queued'], ['succeeded'], ['cancelled']] as const)('changes nothing for a %s run', (status) => {
    spec.given(given[status]()).when(leaseExpired(1000)).thenNothingHappened();
  });
});

describe('the wall-clock budget', () => {
  const budget = DEFAULT_RUN_POLICY.maxDurationMs / 1000;

  it('changes nothing before the budget is spent, counted from the first claim', () => {
    spec.given(given.browsing()).when(deadlinePassed(budget)).thenNothingHappened();
  });

  it('ends the run failed/cost_limit once it is spent', () => {
    spec
      .given(given.browsing())
      .when(deadlinePassed(budget + 1))
      .then([ev.failed('cost_limit', budget + 1)]);
  });

  it('counts across takeovers', () => {
    spec
      .given([...given.browsing(), ev.requeued(1, 61)])
      .when(deadlinePassed(budget + 1))
      .then([ev.failed('cost_limit', budget + 1)]);
  });

  it('leaves a run that never started alone', () => {
    spec
      .given(given.queued())
      .when(deadlinePassed(budget * 10))
      .thenNothingHappened();
  });

  it('leaves a live runner to finish a payment in flight', () => {
    spec
      .given(given.paying())
      .when(deadlinePassed(budget + 1))
      .thenNothingHappened();
  });

  it('changes nothing for a final run', () => {
    spec
      .given(given.succeeded())
      .when(deadlinePassed(budget + 1))
      .thenNothingHappened();
  });
});
