import type { DomainError } from '@paykit/kernel';
import { type CheckoutRunCommand, type CheckoutRunEvent, DEFAULT_RUN_POLICY } from '../src/index.js';
import { cmd, refusal } from './commands.js';
import { OTHER_RUNNER, RUN_ID, at, ev, given, spec } from './fixtures.js';

// The API turns a refusal into its error body `{ error, message, code, parameters }`: clients
// branch on the code and read the parameters, people read the message. So each refusal of the
// run's state is held to all of it: kind (the status), code, message and exactly its parameters.

describe('refusals of the run state carry their whole body', () => {
  it.each<[string, CheckoutRunEvent[], CheckoutRunCommand, Partial<DomainError>]>([
    [
      'a command on a run that does not exist',
      [],
      cmd.cancel(),
      refusal('not_found', 'checkout_run_not_found', 'Not found'),
    ],
    [
      'creating a run twice',
      given.queued(),
      cmd.create(),
      refusal('conflict', 'checkout_run_exists', 'A checkout run with this id already exists', { runId: RUN_ID }),
    ],
    [
      'a command on an ended run',
      given.succeeded(),
      cmd.cancel(),
      refusal('conflict', 'checkout_run_final', 'The checkout run has already ended (succeeded)', {
        status: 'succeeded',
      }),
    ],
    [
      'claiming a run another runner holds',
      given.running(),
      cmd.claim({ runnerId: OTHER_RUNNER }),
      refusal('conflict', 'checkout_run_wrong_status', 'The checkout run is running, expected queued', {
        status: 'running',
        expected: ['queued'],
      }),
    ],
    [
      'a runner without the lease',
      given.running(),
      cmd.renew({ runnerId: OTHER_RUNNER }),
      refusal('conflict', 'lease_not_held', 'This runner does not hold the lease on the checkout run', {
        runnerId: OTHER_RUNNER,
      }),
    ],
    [
      'a step after the user asked to cancel',
      [...given.browsing(), ev.cancellationRequested()],
      cmd.step(),
      refusal(
        'conflict',
        'cancellation_requested',
        'The user asked to cancel this checkout run: stop and complete the cancellation',
      ),
    ],
    [
      'completing a cancellation nobody asked for',
      given.browsing(),
      cmd.completeCancellation(),
      refusal('conflict', 'cancellation_not_requested', 'Nobody asked to cancel this checkout run'),
    ],
    [
      'a step beyond the step budget',
      [ev.created({ ...DEFAULT_RUN_POLICY, maxSteps: 1 }), ev.claimed(), ev.step(1)],
      cmd.step(),
      refusal('conflict', 'step_budget_exhausted', 'The checkout run has used its 1 steps', { maxSteps: 1 }),
    ],
    [
      'a question under a request id already used',
      [...given.awaiting(), ev.answered()],
      cmd.requestInput({ question: 'Which colour?' }),
      refusal('conflict', 'input_request_exists', 'An input request with this id already exists', {
        requestId: 'req-1',
      }),
    ],
    [
      'an answer to a question never asked',
      given.awaiting(),
      cmd.answerInput({ requestId: 'req-x' }),
      refusal('unprocessable', 'input_request_unknown', 'This checkout run asked no question with this requestId', {
        requestId: 'req-x',
      }),
    ],
    [
      'an answer after the question expired',
      given.awaiting(),
      cmd.answerInput({ now: at(604) }),
      refusal('conflict', 'input_request_expired', 'The question has expired', { requestId: 'req-1' }),
    ],
    [
      'a second answer to a question',
      [...given.awaiting(), ev.answered()],
      cmd.answerInput({ messageId: 'answer-2' }),
      refusal('conflict', 'input_request_not_pending', 'The question is no longer waiting for an answer', {
        requestId: 'req-1',
      }),
    ],
    [
      'another message under a message id already used',
      [...given.awaiting(), ev.answered()],
      cmd.answerInput({ value: { size: 'L' } }),
      refusal('conflict', 'message_id_conflict', 'A different message was already sent with this id', {
        messageId: 'answer-1',
      }),
    ],
    [
      'a second payment attempt while one is unresolved',
      given.paying(),
      cmd.startPayment({ attemptId: 'pay-2' }),
      refusal('conflict', 'payment_in_flight', 'A payment attempt is unresolved: resolve it first', {
        attemptId: 'pay-1',
      }),
    ],
    [
      'resolving an attempt that is not in flight',
      given.paying(),
      cmd.paymentNotCharged({ attemptId: 'pay-9' }),
      refusal('conflict', 'payment_attempt_mismatch', 'No payment attempt with this id is in flight', {
        attemptId: 'pay-9',
      }),
    ],
    [
      'succeeding without a payment',
      given.browsing(),
      cmd.succeed(),
      refusal(
        'conflict',
        'payment_not_started',
        'A run succeeds only after a payment attempt passed the max-cost guard',
      ),
    ],
    [
      'a payment above maxCost',
      given.browsing(),
      cmd.startPayment({ totalInMaxCostCurrency: '120.51' }),
      refusal('unprocessable', 'max_cost_exceeded', 'The total is above the run maxCost', {
        maxCost: '120.50',
        total: '120.51',
      }),
    ],
  ])('%s', (_label, history, command, expected) => {
    spec.given(history).when(command).thenFails(expected);
  });
});
