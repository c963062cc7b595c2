import type { CheckoutRunEvent } from './events.js';
import type { RunCard } from './run/cards.js';
import type { InputRequestRecord, InputRequestStatus } from './run/interaction.js';
import type { RunMessage } from './run/messages.js';
import type { CheckoutRun, CheckoutRunState } from './state.js';

export const evolve = (state: CheckoutRunState, event: CheckoutRunEvent): CheckoutRunState => {
  if (!state.exists) return event.type === 'CheckoutRunCreated' ? created(event.data) : state;
  return apply({ ...state, revision: state.revision + 1 }, event);
};

const created = (data: Extract<CheckoutRunEvent, { type: 'CheckoutRunCreated' }>['data']): CheckoutRun => ({
  exists: true,
  runId: data.runId,
  projectId: data.projectId,
  owner: data.owner,
  createdAt: data.createdAt,
  input: data.input,
  policy: data.policy,
  revision: 0,
  status: 'queued',
  lease: null,
  takeovers: 0,
  startedAt: null,
  browser: null,
  browserOpenedThisAttempt: false,
  stepCount: 0,
  cancellationRequested: false,
  payment: null,
  cards: {},
  pendingRequestId: null,
  inputRequests: {},
  messages: [],
  reason: null,
  result: null,
  endedAt: null,
});

const apply = (run: CheckoutRun, event: CheckoutRunEvent): CheckoutRun => {
  switch (event.type) {
    case 'CheckoutRunCreated':
      return run;
    case 'CheckoutRunClaimed':
      return {
        ...run,
        status: 'running',
        lease: { runnerId: event.data.runnerId, until: event.data.leaseUntil },
        startedAt: run.startedAt ?? event.data.claimedAt,
        browserOpenedThisAttempt: false,
      };
    case 'CheckoutRunLeaseRenewed':
      return { ...run, lease: { runnerId: event.data.runnerId, until: event.data.leaseUntil } };
    case 'CheckoutRunRequeued':
      return {
        ...withdrawPending(run, 'withdrawn'),
        status: 'queued',
        lease: null,
        browser: null,
        takeovers: event.data.takeover,
      };
    case 'CheckoutRunStepRecorded':
      return { ...run, stepCount: event.data.stepNumber };
    case 'CheckoutRunBrowserAttached':
      return { ...run, browser: { embedUrl: event.data.embedUrl }, browserOpenedThisAttempt: true };
    case 'CheckoutRunBrowserDetached':
      return { ...run, browser: null };
    case 'CheckoutRunInputRequested': {
      const { messageId, requestId, request, requestedAt } = event.data;
      const record: InputRequestRecord = {
        requestId,
        messageId,
        request,
        requestedAt,
        status: 'pending',
        answer: null,
      };
      return {
        ...withMessage(run, {
          id: messageId,
          role: 'agent',
          parts: [{ type: 'input_request', requestId, request }],
          createdAt: requestedAt,
        }),
        status: 'awaiting_input',
        pendingRequestId: requestId,
        inputRequests: { ...run.inputRequests, [requestId]: record },
      };
    }
    case 'CheckoutRunInputAnswered':
      return answered(run, event.data);
    case 'CheckoutRunMessagePosted':
      return withMessage(run, {
        id: event.data.messageId,
        role: event.data.role,
        parts: [{ type: 'text', text: event.data.text }],
        createdAt: event.data.postedAt,
      });
    case 'CheckoutRunPaymentStarted':
      return { ...run, payment: { ...event.data } };
    case 'CheckoutRunPaymentNotCharged':
      return { ...run, payment: null };
    case 'CheckoutRunCardIssued': {
      const { attemptId, card, issuedAt } = event.data;
      return {
        ...run,
        cards: { ...run.cards, [attemptId]: { ...card, attemptId, issuedAt, authorizations: [], closedAt: null } },
      };
    }
    case 'CheckoutRunCardAuthorizationRecorded':
      return onCard(run, event.data.attemptId, (card) => ({
        ...card,
        authorizations: [...card.authorizations, event.data.authorization],
      }));
    case 'CheckoutRunCardClosed':
      return onCard(run, event.data.attemptId, (card) => ({ ...card, closedAt: event.data.closedAt }));
    case 'CheckoutRunCancellationRequested':
      return { ...run, cancellationRequested: true };
    case 'CheckoutRunSucceeded':
      return ended(run, 'succeeded', event.data.succeededAt, { result: event.data.result });
    case 'CheckoutRunBlocked':
      return ended(run, 'blocked', event.data.blockedAt, { result: event.data.result });
    case 'CheckoutRunCancelled':
      return ended(run, 'cancelled', event.data.cancelledAt, { result: event.data.result });
    case 'CheckoutRunFailed':
      return ended(run, 'failed', event.data.failedAt, { reason: event.data.reason });
  }
};

const onCard = (run: CheckoutRun, attemptId: string, change: (card: RunCard) => RunCard): CheckoutRun => {
  const card = run.cards[attemptId];
  return card ? { ...run, cards: { ...run.cards, [attemptId]: change(card) } } : run;
};

const withMessage = (run: CheckoutRun, message: RunMessage): CheckoutRun => ({
  ...run,
  messages: [...run.messages, message],
});

const answered = (
  run: CheckoutRun,
  data: Extract<CheckoutRunEvent, { type: 'CheckoutRunInputAnswered' }>['data'],
): CheckoutRun => {
  const { response, messageId, secretRef, answeredAt } = data;
  const record = run.inputRequests[response.requestId];
  const withAnswer = withMessage(run, { id: messageId, role: 'user', parts: [response], createdAt: answeredAt });
  if (!record) return withAnswer;
  const { type: _type, requestId: _requestId, ...answer } = response;
  return {
    ...withAnswer,
    status: 'running',
    pendingRequestId: null,
    inputRequests: {
      ...run.inputRequests,
      [record.requestId]: {
        ...record,
        status: 'answered',
        answer: { messageId, ...answer, ...(secretRef === null ? {} : { secretRef }), answeredAt },
      },
    },
  };
};

/** A run that stops waiting (taken over, ended) closes its question with the given status. */
const withdrawPending = (run: CheckoutRun, status: InputRequestStatus): CheckoutRun => {
  const record = run.pendingRequestId === null ? undefined : run.inputRequests[run.pendingRequestId];
  if (!record) return run;
  return {
    ...run,
    pendingRequestId: null,
    inputRequests: { ...run.inputRequests, [record.requestId]: { ...record, status } },
  };
};

const ended = (
  run: CheckoutRun,
  status: 'succeeded' | 'blocked' | 'cancelled' | 'failed',
  endedAt: string,
  outcome: Pick<CheckoutRun, 'result'> | Pick<CheckoutRun, 'reason'>,
): CheckoutRun => ({
  ...withdrawPending(run, 'reason' in outcome && outcome.reason === 'input_expired' ? 'expired' : 'withdrawn'),
  ...outcome,
  status,
  lease: null,
  browser: null,
  payment: null,
  endedAt,
});
