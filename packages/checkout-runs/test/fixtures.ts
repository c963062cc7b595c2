import { DeciderSpecification } from '@paykit/kernel/testing';
import * as E from 'fp-ts/lib/Either.js';
import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type CheckoutRunEvent,
  type CheckoutRunInput,
  type CheckoutRunState,
  DEFAULT_RUN_POLICY,
  type InputInteraction,
  checkoutRunDecider,
} from '../src/index.js';

export const spec = DeciderSpecification.for(checkoutRunDecider);

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
/** A moment `seconds` after the run was created. */
export const at = (seconds: number): Date => new Date(T0 + seconds * 1000);
export const iso = (seconds: number): string => at(seconds).toISOString();

export const RUN_ID = 'f3b0c442-98fc-4c14-9afb-4c8996fb9242';
export const PROJECT_ID = 'project-1';
export const OWNER = 'user:alice';
export const RUNNER = 'runner-a';
export const OTHER_RUNNER = 'runner-b';
export const EMBED_URL = 'https://live.example.test/sessions/abc';

export const input: CheckoutRunInput = {
  constraints: { maxCost: { amount: '120.50', currency: 'USD' } },
  request: { startUrl: 'https://shop.example.test/products/tee', task: 'Buy the tee in size M' },
  browser: { location: { type: 'country', countryCode: 'US' } },
};

export const sizeForm: InputInteraction = {
  kind: 'form',
  schema: { type: 'object', properties: { size: { type: 'string', enum: ['S', 'M', 'L'] } }, required: ['size'] },
};

/** Events, with the defaults a happy run would record. */
export const ev = {
  created: (policy = DEFAULT_RUN_POLICY): CheckoutRunEvent => ({
    type: 'CheckoutRunCreated',
    data: { runId: RUN_ID, projectId: PROJECT_ID, owner: OWNER, input, policy, createdAt: iso(0) },
  }),
  claimed: (runnerId = RUNNER, seconds = 1, attempt = 1): CheckoutRunEvent => ({
    type: 'CheckoutRunClaimed',
    data: { runnerId, leaseUntil: iso(seconds + 60), attempt, claimedAt: iso(seconds) },
  }),
  requeued: (takeover = 1, seconds = 120, previousRunnerId = RUNNER): CheckoutRunEvent => ({
    type: 'CheckoutRunRequeued',
    data: { previousRunnerId, takeover, requeuedAt: iso(seconds) },
  }),
  attached: (seconds = 2): CheckoutRunEvent => ({
    type: 'CheckoutRunBrowserAttached',
    data: { embedUrl: EMBED_URL, attachedAt: iso(seconds) },
  }),
  step: (stepNumber: number, seconds = 3): CheckoutRunEvent => ({
    type: 'CheckoutRunStepRecorded',
    data: {
      stepNumber,
      action: 'open product page',
      url: 'https://shop.example.test/products/tee',
      screenshotRef: null,
      recordedAt: iso(seconds),
    },
  }),
  inputRequested: (requestId = 'req-1', expiresInSeconds = 600, seconds = 4): CheckoutRunEvent => ({
    type: 'CheckoutRunInputRequested',
    data: {
      messageId: `msg-${requestId}`,
      requestId,
      request: { expiresAt: iso(seconds + expiresInSeconds), question: 'Which size?', interaction: sizeForm },
      requestedAt: iso(seconds),
    },
  }),
  protectedRequested: (requestId = 'req-pw', seconds = 4): CheckoutRunEvent => ({
    type: 'CheckoutRunInputRequested',
    data: {
      messageId: `msg-${requestId}`,
      requestId,
      request: {
        expiresAt: iso(seconds + 600),
        question: 'Your shop password?',
        interaction: { kind: 'protected', format: 'password' },
      },
      requestedAt: iso(seconds),
    },
  }),
  answered: (requestId = 'req-1', messageId = 'answer-1', seconds = 5): CheckoutRunEvent => ({
    type: 'CheckoutRunInputAnswered',
    data: {
      messageId,
      response: { type: 'input_response', requestId, action: 'submit', value: { size: 'M' } },
      secretRef: null,
      answeredAt: iso(seconds),
    },
  }),
  paymentStarted: (attemptId = 'pay-1', seconds = 6): CheckoutRunEvent => ({
    type: 'CheckoutRunPaymentStarted',
    data: {
      attemptId,
      total: { amount: '99.90', currency: 'USD' },
      totalInMaxCostCurrency: '99.90',
      startedAt: iso(seconds),
    },
  }),
  cancellationRequested: (seconds = 7): CheckoutRunEvent => ({
    type: 'CheckoutRunCancellationRequested',
    data: { requestedAt: iso(seconds) },
  }),
  succeeded: (seconds = 8): CheckoutRunEvent => ({
    type: 'CheckoutRunSucceeded',
    data: {
      result: {
        outcome: 'succeeded',
        summary: 'Bought the tee in size M.',
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '99.90', currency: 'USD' }, merchantOrderId: 'ord-42' },
        },
      },
      succeededAt: iso(seconds),
    },
  }),
  blocked: (seconds = 8): CheckoutRunEvent => ({
    type: 'CheckoutRunBlocked',
    data: {
      result: { code: 'product.item_unavailable', outcome: 'blocked', summary: 'The tee is out of stock.' },
      blockedAt: iso(seconds),
    },
  }),
  failed: (
    reason: Extract<CheckoutRunEvent, { type: 'CheckoutRunFailed' }>['data']['reason'] = 'model_error',
    seconds = 8,
  ): CheckoutRunEvent => ({
    type: 'CheckoutRunFailed',
    data: { reason, failedAt: iso(seconds) },
  }),
  cancelled: (summary = 'The checkout was cancelled before it started.', seconds = 8): CheckoutRunEvent => ({
    type: 'CheckoutRunCancelled',
    data: { result: { outcome: 'cancelled', summary }, cancelledAt: iso(seconds) },
  }),
};

/** Histories at the usual points of a run. */
export const given = {
  queued: (): CheckoutRunEvent[] => [ev.created()],
  running: (): CheckoutRunEvent[] => [ev.created(), ev.claimed()],
  browsing: (): CheckoutRunEvent[] => [ev.created(), ev.claimed(), ev.attached()],
  awaiting: (): CheckoutRunEvent[] => [ev.created(), ev.claimed(), ev.attached(), ev.inputRequested()],
  paying: (): CheckoutRunEvent[] => [ev.created(), ev.claimed(), ev.attached(), ev.paymentStarted()],
  succeeded: (): CheckoutRunEvent[] => [...given.paying(), ev.succeeded()],
  blocked: (): CheckoutRunEvent[] => [...given.browsing(), ev.blocked()],
  failed: (): CheckoutRunEvent[] => [...given.browsing(), ev.failed()],
  cancelled: (): CheckoutRunEvent[] => [ev.created(), ev.cancelled()],
};

export const fold = (events: readonly CheckoutRunEvent[]): CheckoutRun => {
  const state = events.reduce<CheckoutRunState>(checkoutRunDecider.evolve, checkoutRunDecider.initialState());
  if (!state.exists) throw new Error('no run in these events');
  return state;
};

/** Runs commands one after another, as handlers would, and returns every event and the final run. */
export const play = (commands: readonly CheckoutRunCommand[]) => {
  let state = checkoutRunDecider.initialState();
  const events: CheckoutRunEvent[] = [];
  const revisions: number[] = [];
  for (const command of commands) {
    const decision = checkoutRunDecider.decide(command, state);
    if (E.isLeft(decision)) throw new Error(`${command.type} refused: ${decision.left.code} ${decision.left.message}`);
    for (const event of decision.right) {
      state = checkoutRunDecider.evolve(state, event);
      events.push(event);
      if (state.exists) revisions.push(state.revision);
    }
  }
  if (!state.exists) throw new Error('no run');
  return { run: state, events, revisions };
};
