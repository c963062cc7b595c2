import { refusal } from '@paykit/kernel/testing';
import type { DomainError } from '@paykit/kernel';
import type { CheckoutRunCommand } from '../src/index.js';
import { EMBED_URL, OWNER, PROJECT_ID, RUN_ID, RUNNER, at, input, sizeForm } from './fixtures.js';

/**
 * Commands as a valid happy run would send them at the fixtures' moments; `overrides` replace
 * or add fields, including ones the types forbid (absent, wrong type), as a bad client would.
 */
type Overrides = Record<string, unknown>;
const command = (type: CheckoutRunCommand['type'], data: Overrides): CheckoutRunCommand =>
  ({ type, data }) as unknown as CheckoutRunCommand;

export const cmd = {
  create: (overrides: Overrides = {}) =>
    command('Create', { runId: RUN_ID, projectId: PROJECT_ID, owner: OWNER, input, now: at(0), ...overrides }),
  claim: (overrides: Overrides = {}) =>
    command('Claim', { runnerId: RUNNER, leaseUntil: at(61), now: at(1), ...overrides }),
  renew: (overrides: Overrides = {}) =>
    command('RenewLease', { runnerId: RUNNER, leaseUntil: at(90), now: at(30), ...overrides }),
  step: (overrides: Overrides = {}) =>
    command('RecordStep', {
      runnerId: RUNNER,
      action: 'add to cart',
      url: 'https://shop.example.test/cart',
      now: at(10),
      ...overrides,
    }),
  attach: (overrides: Overrides = {}) =>
    command('AttachBrowser', { runnerId: RUNNER, embedUrl: EMBED_URL, now: at(2), ...overrides }),
  requestInput: (overrides: Overrides = {}) =>
    command('RequestInput', {
      runnerId: RUNNER,
      messageId: 'msg-req-1',
      requestId: 'req-1',
      question: 'Which size?',
      interaction: sizeForm,
      expiresAt: at(604),
      now: at(4),
      ...overrides,
    }),
  answerInput: (overrides: Overrides = {}) =>
    command('AnswerInput', {
      messageId: 'answer-1',
      requestId: 'req-1',
      action: 'submit',
      value: { size: 'M' },
      now: at(5),
      ...overrides,
    }),
  expireInput: (overrides: Overrides = {}) =>
    command('ExpireInput', { requestId: 'req-1', now: at(604), ...overrides }),
  postMessage: (overrides: Overrides = {}) =>
    command('PostMessage', { messageId: 'm-1', text: 'Please use the gift wrap', now: at(9), ...overrides }),
  startPayment: (overrides: Overrides = {}) =>
    command('StartPayment', {
      runnerId: RUNNER,
      attemptId: 'pay-1',
      total: { amount: '99.90', currency: 'USD' },
      totalInMaxCostCurrency: '99.90',
      now: at(6),
      ...overrides,
    }),
  paymentNotCharged: (overrides: Overrides = {}) =>
    command('RecordPaymentNotCharged', { runnerId: RUNNER, attemptId: 'pay-1', now: at(7), ...overrides }),
  succeed: (overrides: Overrides = {}) =>
    command('Succeed', {
      runnerId: RUNNER,
      summary: 'Bought the tee in size M.',
      purchase: {
        kind: 'receipt_captured',
        receipt: { total: { amount: '99.90', currency: 'USD' }, merchantOrderId: 'ord-42' },
      },
      now: at(8),
      ...overrides,
    }),
  block: (overrides: Overrides = {}) =>
    command('Block', {
      runnerId: RUNNER,
      code: 'product.item_unavailable',
      summary: 'The tee is out of stock.',
      now: at(8),
      ...overrides,
    }),
  fail: (overrides: Overrides = {}) =>
    command('Fail', { runnerId: RUNNER, reason: 'model_error', now: at(8), ...overrides }),
  cancel: (overrides: Overrides = {}) => command('Cancel', { now: at(9), ...overrides }),
  completeCancellation: (overrides: Overrides = {}) =>
    command('CompleteCancellation', { runnerId: RUNNER, now: at(12), ...overrides }),
};

/** A field the command got wrong: 400, `invalid_command`, the message naming the field and its rule. */
export const invalidField = (field: string, message: string): Partial<DomainError> =>
  refusal('invalid', 'invalid_command', message, { field });

export { refusal };
