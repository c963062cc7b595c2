import { BLOCKED_CODES, type CheckoutRunCommand, FAILURE_REASONS } from '../src/index.js';
import { cmd } from './commands.js';
import { EMBED_URL, OTHER_RUNNER, RUNNER, at, ev, given, iso, sizeForm, spec } from './fixtures.js';

const succeed = cmd.succeed;
const block = cmd.block;
const fail = (reason: string, runnerId: string | null = RUNNER) =>
  ({ type: 'Fail', data: { ...(runnerId ? { runnerId } : {}), reason, now: at(8) } }) as unknown as CheckoutRunCommand;

describe('succeeding', () => {
  it('ends the run with the purchase and its receipt', () => {
    spec.given(given.paying()).when(succeed()).then([ev.succeeded()]);
  });

  it('accepts a purchase confirmed without a receipt', () => {
    spec
      .given(given.paying())
      .when(succeed({ purchase: { kind: 'confirmed_without_receipt' } }))
      .then([
        {
          type: 'CheckoutRunSucceeded',
          data: {
            result: {
              outcome: 'succeeded',
              summary: 'Bought the tee in size M.',
              purchase: { kind: 'confirmed_without_receipt' },
            },
            succeededAt: iso(8),
          },
        },
      ]);
  });

  it('keeps only the fields of the result shape', () => {
    const [event] = spec
      .given(given.paying())
      .when(
        succeed({
          purchase: {
            kind: 'receipt_captured',
            receipt: { total: { amount: '5', currency: 'USD', fx: 1 }, card: '4242' },
          },
        }),
      )
      .events();
    expect(event?.type === 'CheckoutRunSucceeded' && event.data.result.purchase).toEqual({
      kind: 'receipt_captured',
      receipt: { total: { amount: '5', currency: 'USD' } },
    });
  });

  it('requires a payment that passed the max-cost guard', () => {
    spec.given(given.browsing()).when(succeed()).thenFails({ code: 'payment_not_started' });
  });

  it('is allowed after a cancellation request: a payment that went through is the truth', () => {
    spec
      .given([...given.paying(), ev.cancellationRequested()])
      .when(succeed())
      .then([ev.succeeded()]);
  });

  it.each([
    [{ summary: '' }, 'summary'],
    [{ summary: 's'.repeat(2001) }, 'summary'],
    [
      { purchase: { kind: 'receipt_captured', receipt: { total: { amount: 'ten', currency: 'USD' } } } },
      'purchase.receipt.total.amount',
    ],
    [
      {
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '1', currency: 'USD' }, merchantOrderId: '' },
        },
      },
      'purchase.receipt.merchantOrderId',
    ],
    [{ purchase: { kind: 'gift' } }, 'purchase.kind'],
  ])('refuses %j', (overrides, field) => {
    spec.given(given.paying()).when(succeed(overrides)).thenFails({ code: 'invalid_command', parameters: { field } });
  });

  it('accepts a summary of exactly 2000 characters', () => {
    spec
      .given(given.paying())
      .when(succeed({ summary: 's'.repeat(2000) }))
      .events();
  });
});

describe('blocking', () => {
  it.each(BLOCKED_CODES.map((code) => [code]))('ends the run blocked with %s', (code) => {
    spec
      .given(given.browsing())
      .when(block({ code }))
      .then([
        {
          type: 'CheckoutRunBlocked',
          data: { result: { code, outcome: 'blocked', summary: 'The tee is out of stock.' }, blockedAt: iso(8) },
        },
      ]);
  });

  it('refuses a code the spec does not list, and a summary out of bounds', () => {
    spec
      .given(given.browsing())
      .when(block({ code: 'merchant.sold_out' }))
      .thenFails({ parameters: { field: 'code' } });
    spec
      .given(given.browsing())
      .when(block({ summary: '' }))
      .thenFails({ parameters: { field: 'summary' } });
  });

  it('is allowed while awaiting input, and closes the question', () => {
    spec.given(given.awaiting()).when(block()).then([ev.blocked()]);
  });

  it('with a payment in flight, is allowed only for a merchant decline', () => {
    spec.given(given.paying()).when(block()).thenFails({ code: 'payment_in_flight' });
    spec
      .given(given.paying())
      .when(block({ code: 'merchant.payment_declined', summary: 'The card was declined.' }))
      .then([
        {
          type: 'CheckoutRunBlocked',
          data: {
            result: { code: 'merchant.payment_declined', outcome: 'blocked', summary: 'The card was declined.' },
            blockedAt: iso(8),
          },
        },
      ]);
  });

  it('refuses a runner without the lease', () => {
    spec
      .given(given.browsing())
      .when(block({ runnerId: OTHER_RUNNER }))
      .thenFails({ code: 'lease_not_held' });
  });
});

describe('failing', () => {
  it.each(FAILURE_REASONS.map((reason) => [reason]))('ends the run failed with %s', (reason) => {
    spec
      .given(given.browsing())
      .when(fail(reason))
      .then([ev.failed(reason)]);
  });

  it('may come from the system, without a runner, even before a claim', () => {
    spec
      .given(given.queued())
      .when(fail('accounting_unavailable', null))
      .then([ev.failed('accounting_unavailable')]);
  });

  it('turns into reconciliation_required while a payment is unresolved', () => {
    spec
      .given(given.paying())
      .when(fail('model_error'))
      .then([ev.failed('reconciliation_required')]);
  });

  it('refuses a reason the spec does not list, and a runner without the lease', () => {
    spec
      .given(given.browsing())
      .when(fail('timeout'))
      .thenFails({ parameters: { field: 'reason' } });
    spec.given(given.browsing()).when(fail('model_error', OTHER_RUNNER)).thenFails({ code: 'lease_not_held' });
  });
});

describe('a final run', () => {
  const runnerCommands: CheckoutRunCommand[] = [
    { type: 'Claim', data: { runnerId: RUNNER, leaseUntil: at(100), now: at(10) } },
    { type: 'RenewLease', data: { runnerId: RUNNER, leaseUntil: at(100), now: at(10) } },
    { type: 'RecordStep', data: { runnerId: RUNNER, action: 'look', url: 'https://shop.example.test/', now: at(10) } },
    { type: 'AttachBrowser', data: { runnerId: RUNNER, embedUrl: EMBED_URL, now: at(10) } },
    { type: 'DetachBrowser', data: { runnerId: RUNNER, now: at(10) } },
    {
      type: 'RequestInput',
      data: {
        runnerId: RUNNER,
        messageId: 'q',
        requestId: 'r',
        question: 'Size?',
        interaction: sizeForm,
        expiresAt: at(100),
        now: at(10),
      },
    },
    { type: 'PostAgentMessage', data: { runnerId: RUNNER, messageId: 'n', text: 'hi', now: at(10) } },
    { type: 'PostMessage', data: { messageId: 'u', text: 'hi', now: at(10) } },
    {
      type: 'StartPayment',
      data: {
        runnerId: RUNNER,
        attemptId: 'p',
        total: { amount: '1', currency: 'USD' },
        totalInMaxCostCurrency: '1',
        now: at(10),
      },
    },
    { type: 'RecordPaymentNotCharged', data: { runnerId: RUNNER, attemptId: 'p', now: at(10) } },
    {
      type: 'Succeed',
      data: { runnerId: RUNNER, summary: 'ok', purchase: { kind: 'confirmed_without_receipt' }, now: at(10) },
    },
    { type: 'Block', data: { runnerId: RUNNER, code: 'merchant.no_safe_path', summary: 'no', now: at(10) } },
    { type: 'Fail', data: { reason: 'runtime_error', now: at(10) } },
    { type: 'CompleteCancellation', data: { runnerId: RUNNER, now: at(10) } },
  ];

  it.each(
    (['succeeded', 'failed', 'blocked', 'cancelled'] as const).flatMap((status) =>
      runnerCommands.map((command) => [status, command.type, command] as const),
    ),
  )('refuses, when %s, %s', (status, _type, command) => {
    spec.given(given[status]()).when(command).thenFails({ code: 'checkout_run_final', parameters: { status } });
  });
});
