import type { DomainError } from '@paykit/kernel';
import type { CheckoutRunCommand, CheckoutRunEvent } from '../src/index.js';
import { cmd, invalidField } from './commands.js';
import { at, ev, given, input, spec } from './fixtures.js';

// A field the decider checks is refused with 400 `invalid_command`, `parameters.field` naming
// it, and a message that says the field and its rule. Absent or mistyped values (a client that
// skipped the HTTP schema, a runner with a bug) get the same refusal, never an exception.

type Case = [string, CheckoutRunCommand, Partial<DomainError>];
const refusesFrom = (history: () => CheckoutRunEvent[], cases: Case[]) =>
  it.each<Case>(cases)('%s', (_label, command, expected) => {
    spec.given(history()).when(command).thenFails(expected);
  });

const maxCostAmount = invalidField(
  'input.constraints.maxCost.amount',
  'input.constraints.maxCost.amount must be a positive decimal within 15.6 digits',
);

describe('creating a run refuses', () => {
  refusesFrom(
    () => [],
    [
      ['an empty runId', cmd.create({ runId: '' }), invalidField('runId', 'runId must be a non-empty string')],
      [
        'an empty projectId',
        cmd.create({ projectId: '' }),
        invalidField('projectId', 'projectId must be a non-empty string'),
      ],
      [
        'an owner that is not a string',
        cmd.create({ owner: 7 }),
        invalidField('owner', 'owner must be a non-empty string'),
      ],
      ['a command without input', cmd.create({ input: undefined }), maxCostAmount],
      ['an input without constraints', cmd.create({ input: { request: input.request } }), maxCostAmount],
      ['constraints without maxCost', cmd.create({ input: { ...input, constraints: {} } }), maxCostAmount],
      [
        'a maxCost amount that is a number, not a decimal string',
        cmd.create({ input: { ...input, constraints: { maxCost: { amount: 5, currency: 'USD' } } } }),
        maxCostAmount,
      ],
      [
        'a maxCost of zero',
        cmd.create({ input: { ...input, constraints: { maxCost: { amount: '0', currency: 'USD' } } } }),
        maxCostAmount,
      ],
      [
        'a maxCost currency in lower case',
        cmd.create({ input: { ...input, constraints: { maxCost: { amount: '1', currency: 'usd' } } } }),
        invalidField(
          'input.constraints.maxCost.currency',
          'input.constraints.maxCost.currency must be three uppercase letters',
        ),
      ],
      [
        'a budget of no steps',
        cmd.create({ policy: { maxSteps: 0 } }),
        invalidField('policy', 'policy must hold positive integer budgets'),
      ],
    ],
  );
});

describe('claiming and renewing refuse', () => {
  refusesFrom(given.queued, [
    ['an empty runnerId', cmd.claim({ runnerId: '' }), invalidField('runnerId', 'runnerId must be a non-empty string')],
    [
      'a lease that ends when it starts',
      cmd.claim({ leaseUntil: at(1) }),
      invalidField('leaseUntil', 'leaseUntil must be later than now'),
    ],
  ]);
  refusesFrom(given.running, [
    [
      'a renewal that ends now',
      cmd.renew({ leaseUntil: at(30) }),
      invalidField('leaseUntil', 'leaseUntil must be later than now'),
    ],
  ]);
});

describe('recording progress refuses', () => {
  refusesFrom(given.browsing, [
    ['an empty action', cmd.step({ action: '' }), invalidField('action', 'action must be 1 to 500 characters')],
    ['a relative url', cmd.step({ url: '/cart' }), invalidField('url', 'url must be an absolute URL')],
    [
      'an empty screenshotRef',
      cmd.step({ screenshotRef: '' }),
      invalidField('screenshotRef', 'screenshotRef must be a non-empty string'),
    ],
    [
      'a live view without a URL',
      cmd.attach({ embedUrl: 42 }),
      invalidField('embedUrl', 'embedUrl must be an absolute URL'),
    ],
    [
      'an empty user message',
      cmd.postMessage({ text: '' }),
      invalidField('text', 'text must be 1 to 20000 characters'),
    ],
    [
      'a user message without an id',
      cmd.postMessage({ messageId: '' }),
      invalidField('messageId', 'messageId must be a non-empty string'),
    ],
  ]);
});

describe('starting a payment refuses', () => {
  refusesFrom(given.browsing, [
    [
      'an empty attemptId',
      cmd.startPayment({ attemptId: '' }),
      invalidField('attemptId', 'attemptId must be a non-empty string'),
    ],
    [
      'a total amount that is a number, not a decimal string',
      cmd.startPayment({ total: { amount: 10, currency: 'USD' } }),
      invalidField('total.amount', 'total.amount must be a non-negative decimal string'),
    ],
    [
      'no total',
      cmd.startPayment({ total: undefined }),
      invalidField('total.amount', 'total.amount must be a non-negative decimal string'),
    ],
    [
      'a total currency in lower case',
      cmd.startPayment({ total: { amount: '10', currency: 'usd' } }),
      invalidField('total.currency', 'total.currency must be three uppercase letters'),
    ],
    [
      'a negative converted total',
      cmd.startPayment({ totalInMaxCostCurrency: '-1' }),
      invalidField('totalInMaxCostCurrency', 'totalInMaxCostCurrency must be a non-negative decimal string'),
    ],
  ]);
});

describe('asking the user refuses', () => {
  const ask = (interaction: unknown) => cmd.requestInput({ interaction });
  const schemaRefusal = invalidField('interaction.schema', 'interaction.schema must be a JSON Schema object');
  const amountTypeRefusal = invalidField('interaction.amount.type', 'interaction.amount.type must be exact or maximum');

  refusesFrom(given.browsing, [
    [
      'an empty requestId',
      cmd.requestInput({ requestId: '' }),
      invalidField('requestId', 'requestId must be a non-empty string'),
    ],
    [
      'an empty messageId',
      cmd.requestInput({ messageId: '' }),
      invalidField('messageId', 'messageId must be a non-empty string'),
    ],
    [
      'an empty question',
      cmd.requestInput({ question: '' }),
      invalidField('question', 'question must be 1 to 2000 characters'),
    ],
    [
      'an expiry that is now',
      cmd.requestInput({ expiresAt: at(4) }),
      invalidField('expiresAt', 'expiresAt must be later than now'),
    ],
    [
      'a command without interaction',
      ask(undefined),
      invalidField('interaction.kind', 'interaction.kind must be form, payment or protected'),
    ],
    ['a form whose schema is an array', ask({ kind: 'form', schema: [] }), schemaRefusal],
    ['a form whose schema is null', ask({ kind: 'form', schema: null }), schemaRefusal],
    ['a form whose schema is a string', ask({ kind: 'form', schema: 'object' }), schemaRefusal],
    ['a payment without amount', ask({ kind: 'payment' }), amountTypeRefusal],
    [
      'a payment of neither type',
      ask({ kind: 'payment', amount: { type: 'about', amount: '1', currency: 'USD' } }),
      amountTypeRefusal,
    ],
    [
      'a payment of zero',
      ask({ kind: 'payment', amount: { type: 'exact', amount: '0', currency: 'USD' } }),
      invalidField('interaction.amount.amount', 'interaction.amount.amount must be a positive decimal'),
    ],
    [
      'a payment currency in lower case',
      ask({ kind: 'payment', amount: { type: 'maximum', amount: '1', currency: 'usd' } }),
      invalidField('interaction.amount.currency', 'interaction.amount.currency must be three uppercase letters'),
    ],
    [
      'a protected field other than a password',
      ask({ kind: 'protected', format: 'pin' }),
      invalidField('interaction.format', 'interaction.format must be password'),
    ],
  ]);
});

describe('answering refuses', () => {
  const valueOnlyForSubmit = invalidField('value', 'value is only for submit');

  refusesFrom(given.awaiting, [
    [
      'an empty messageId',
      cmd.answerInput({ messageId: '' }),
      invalidField('messageId', 'messageId must be a non-empty string'),
    ],
    [
      'a submit without value',
      cmd.answerInput({ value: undefined }),
      invalidField('value', 'value is required to submit'),
    ],
    [
      'a secret reference to a question that is not protected',
      cmd.answerInput({ secretRef: 'vault:1' }),
      invalidField('secretRef', 'secretRef is only for protected questions'),
    ],
    ['an alternative with a value', cmd.answerInput({ action: 'alternative', text: 'L' }), valueOnlyForSubmit],
    [
      'an alternative with a secret reference',
      cmd.answerInput({ action: 'alternative', value: undefined, secretRef: 'vault:1', text: 'L' }),
      valueOnlyForSubmit,
    ],
    [
      'an alternative without text',
      cmd.answerInput({ action: 'alternative', value: undefined }),
      invalidField('text', 'text must be 1 to 20000 characters'),
    ],
    ['a decline with a value', cmd.answerInput({ action: 'decline' }), valueOnlyForSubmit],
    [
      'a decline with a secret reference',
      cmd.answerInput({ action: 'decline', value: undefined, secretRef: 'vault:1' }),
      valueOnlyForSubmit,
    ],
    [
      'an action the spec does not list',
      cmd.answerInput({ action: 'maybe' }),
      invalidField('action', 'action must be submit, alternative or decline'),
    ],
  ]);

  describe('to a protected question', () => {
    const answerProtected = (overrides: Record<string, unknown>) =>
      cmd.answerInput({ requestId: 'req-pw', value: undefined, ...overrides });

    refusesFrom(
      () => [...given.browsing(), ev.protectedRequested()],
      [
        [
          'a plain value',
          answerProtected({ value: 'hunter2' }),
          invalidField('value', 'value must not be sent for a protected question'),
        ],
        ['no secret reference', answerProtected({}), invalidField('secretRef', 'secretRef is required')],
        [
          'an empty secret reference',
          answerProtected({ secretRef: '' }),
          invalidField('secretRef', 'secretRef is required'),
        ],
      ],
    );
  });
});

describe('ending a run refuses', () => {
  const totalAmount = invalidField(
    'purchase.receipt.total.amount',
    'purchase.receipt.total.amount must be a non-negative decimal string',
  );

  refusesFrom(given.paying, [
    ['an empty summary', cmd.succeed({ summary: '' }), invalidField('summary', 'summary must be 1 to 2000 characters')],
    [
      'a success without purchase',
      cmd.succeed({ purchase: undefined }),
      invalidField('purchase.kind', 'purchase.kind must be receipt_captured or confirmed_without_receipt'),
    ],
    ['a captured receipt that is absent', cmd.succeed({ purchase: { kind: 'receipt_captured' } }), totalAmount],
    ['a receipt without total', cmd.succeed({ purchase: { kind: 'receipt_captured', receipt: {} } }), totalAmount],
    [
      'an empty merchantOrderId',
      cmd.succeed({
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '1', currency: 'USD' }, merchantOrderId: '' },
        },
      }),
      invalidField('purchase.receipt.merchantOrderId', 'purchase.receipt.merchantOrderId must be a non-empty string'),
    ],
  ]);
  refusesFrom(given.browsing, [
    [
      'a blocked code the spec does not list',
      cmd.block({ code: 'merchant.sold_out' }),
      invalidField('code', 'code must be a blocked code of the spec'),
    ],
    [
      'a failure reason the spec does not list',
      cmd.fail({ reason: 'timeout' }),
      invalidField('reason', 'reason must be a failure reason of the spec'),
    ],
  ]);
  refusesFrom(
    () => [...given.browsing(), ev.cancellationRequested()],
    [
      [
        'a cancellation summary of 2001 characters',
        cmd.completeCancellation({ summary: 'c'.repeat(2001) }),
        invalidField('summary', 'summary must be 1 to 2000 characters'),
      ],
    ],
  );
});
