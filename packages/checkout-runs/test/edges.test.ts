import { DEFAULT_RUN_POLICY } from '../src/index.js';
import { cmd, invalidField, refusal } from './commands.js';
import { RUNNER, at, ev, given, iso, spec } from './fixtures.js';

describe('the budgets of a run, at their bounds', () => {
  it.each([
    ['one step', { maxSteps: 1 }],
    ['one millisecond', { maxDurationMs: 1 }],
    ['no takeover', { maxTakeovers: 0 }],
  ])('accepts %s', (_label, policy) => {
    spec
      .given([])
      .when(cmd.create({ policy }))
      .then([ev.created({ ...DEFAULT_RUN_POLICY, ...policy })]);
  });

  it.each([
    ['no steps', { maxSteps: 0 }],
    ['no time', { maxDurationMs: 0 }],
    ['fewer than no takeovers', { maxTakeovers: -1 }],
  ])('refuses %s', (_label, policy) => {
    spec
      .given([])
      .when(cmd.create({ policy }))
      .thenFails(invalidField('policy', 'policy must hold positive integer budgets'));
  });

  it('keeps the default for a budget given as undefined', () => {
    spec
      .given([])
      .when(cmd.create({ policy: { maxSteps: undefined, maxDurationMs: undefined, maxTakeovers: 1 } }))
      .then([ev.created({ ...DEFAULT_RUN_POLICY, maxTakeovers: 1 })]);
  });
});

describe('texts of one character, the lower bound', () => {
  it('are accepted as a question, a step action, a message and a summary', () => {
    spec
      .given(given.browsing())
      .when(cmd.requestInput({ question: '?' }))
      .events();
    spec
      .given(given.browsing())
      .when(cmd.step({ action: 'a' }))
      .events();
    spec
      .given(given.browsing())
      .when(cmd.postMessage({ text: '!' }))
      .events();
    spec
      .given(given.paying())
      .when(cmd.succeed({ summary: '✓' }))
      .events();
  });
});

describe('a lease renewed to exactly its current end', () => {
  it('changes nothing; a millisecond later extends it', () => {
    spec
      .given(given.running())
      .when(cmd.renew({ leaseUntil: at(61) }))
      .thenNothingHappened();
    const later = new Date(at(61).getTime() + 1);
    spec
      .given(given.running())
      .when(cmd.renew({ leaseUntil: later }))
      .then([
        {
          type: 'CheckoutRunLeaseRenewed',
          data: { runnerId: RUNNER, leaseUntil: later.toISOString(), renewedAt: iso(30) },
        },
      ]);
  });
});

describe('a retried question is a no-op only when it is the same, still pending', () => {
  const exists = refusal('conflict', 'input_request_exists', 'An input request with this id already exists', {
    requestId: 'req-1',
  });

  it('refuses the same question under another message id', () => {
    spec
      .given(given.awaiting())
      .when(cmd.requestInput({ messageId: 'msg-other' }))
      .thenFails(exists);
  });

  it('refuses the very same question once it was answered', () => {
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(cmd.requestInput())
      .thenFails(exists);
  });
});

describe('a retried payment start is a no-op only when it is the same attempt', () => {
  it('refuses the same attempt and total with another converted total', () => {
    spec
      .given(given.paying())
      .when(cmd.startPayment({ totalInMaxCostCurrency: '99.91' }))
      .thenFails({ code: 'payment_in_flight', parameters: { attemptId: 'pay-1' } });
  });
});

describe('a question closed by the end of the run', () => {
  it('is withdrawn, not expired, when the run fails for another reason', () => {
    spec
      .given([...given.awaiting(), ev.failed('model_error', 6)])
      .when(cmd.answerInput({ now: at(7) }))
      .thenFails({ code: 'checkout_run_final', parameters: { status: 'failed' } });
  });

  it('is no longer expired by the sweeper, whatever the request id', () => {
    spec
      .given([...given.awaiting(), ev.blocked(6)])
      .when(cmd.expireInput({ requestId: 'req-x', now: at(700) }))
      .thenNothingHappened();
  });
});

describe('a receipt without a merchant order id', () => {
  it('is recorded without the key, not with an undefined one', () => {
    const total = { amount: '99.90', currency: 'USD' };
    spec
      .given(given.paying())
      .when(cmd.succeed({ purchase: { kind: 'receipt_captured', receipt: { total } } }))
      .then([
        {
          type: 'CheckoutRunSucceeded',
          data: {
            result: {
              outcome: 'succeeded',
              summary: 'Bought the tee in size M.',
              purchase: { kind: 'receipt_captured', receipt: { total } },
            },
            succeededAt: iso(8),
          },
        },
      ]);
  });
});
