import type { InputInteraction } from '../src/index.js';
import { cmd } from './commands.js';
import { OTHER_RUNNER, at, ev, given, iso, spec } from './fixtures.js';

const request = cmd.requestInput;
const answer = cmd.answerInput;
const expire = (seconds: number, requestId = 'req-1') =>
  ({ type: 'ExpireInput', data: { requestId, now: at(seconds) } }) as const;

describe('asking the user (requiredAction)', () => {
  it('moves the run to awaiting_input with the question as an agent message', () => {
    spec.given(given.browsing()).when(request()).then([ev.inputRequested()]);
  });

  it.each<[string, InputInteraction]>([
    ['payment, exact amount', { kind: 'payment', amount: { type: 'exact', amount: '99.90', currency: 'USD' } }],
    ['payment, maximum amount', { kind: 'payment', amount: { type: 'maximum', amount: '100', currency: 'EUR' } }],
    ['protected password', { kind: 'protected', format: 'password' }],
  ])('accepts a %s interaction', (_label, interaction) => {
    const [event] = spec.given(given.browsing()).when(request({ interaction })).events();
    expect(event?.type === 'CheckoutRunInputRequested' && event.data.request.interaction).toEqual(interaction);
  });

  it.each<[string, unknown, string]>([
    ['a form without a schema object', { kind: 'form', schema: [] }, 'interaction.schema'],
    [
      'a payment of zero',
      { kind: 'payment', amount: { type: 'exact', amount: '0', currency: 'USD' } },
      'interaction.amount.amount',
    ],
    [
      'a payment of neither kind',
      { kind: 'payment', amount: { type: 'about', amount: '1', currency: 'USD' } },
      'interaction.amount.type',
    ],
    [
      'a payment in a bad currency',
      { kind: 'payment', amount: { type: 'exact', amount: '1', currency: 'usd' } },
      'interaction.amount.currency',
    ],
    ['a protected field other than a password', { kind: 'protected', format: 'pin' }, 'interaction.format'],
    ['an unknown kind', { kind: 'captcha' }, 'interaction.kind'],
  ])('refuses %s', (_label, interaction, field) => {
    spec
      .given(given.browsing())
      .when(request({ interaction }))
      .thenFails({ code: 'invalid_command', parameters: { field } });
  });

  it('refuses an expiry that is not in the future and an empty or overlong question', () => {
    spec
      .given(given.browsing())
      .when(request({ expiresAt: at(4) }))
      .thenFails({ parameters: { field: 'expiresAt' } });
    spec
      .given(given.browsing())
      .when(request({ question: '' }))
      .thenFails({ parameters: { field: 'question' } });
    spec
      .given(given.browsing())
      .when(request({ question: 'q'.repeat(2001) }))
      .thenFails({ parameters: { field: 'question' } });
  });

  it('changes nothing when the runner repeats the same request', () => {
    spec.given(given.awaiting()).when(request()).thenNothingHappened();
  });

  it('refuses a second question while one is pending, and a reused request id', () => {
    spec
      .given(given.awaiting())
      .when(request({ requestId: 'req-2', messageId: 'msg-req-2' }))
      .thenFails({
        code: 'checkout_run_wrong_status',
      });
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(request({ question: 'Which colour?' }))
      .thenFails({ code: 'input_request_exists' });
  });

  it('refuses a message id already used by another message', () => {
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(request({ requestId: 'req-2', messageId: 'answer-1' }))
      .thenFails({ code: 'message_id_conflict' });
  });

  it('refuses a new question once cancellation is requested, and from a runner without the lease', () => {
    spec
      .given([...given.browsing(), ev.cancellationRequested()])
      .when(request())
      .thenFails({ code: 'cancellation_requested' });
    spec
      .given(given.browsing())
      .when(request({ runnerId: OTHER_RUNNER }))
      .thenFails({ code: 'lease_not_held' });
  });
});

describe('answering', () => {
  it('records the answer as a user message and resumes the run', () => {
    spec.given(given.awaiting()).when(answer()).then([ev.answered()]);
  });

  it('changes nothing when the same message is sent again, even after the run moved on', () => {
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(answer())
      .thenNothingHappened();
    spec
      .given([...given.awaiting(), ev.answered(), ev.paymentStarted(), ev.succeeded()])
      .when(answer())
      .thenNothingHappened();
  });

  it('refuses a different message under the same id', () => {
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(answer({ value: { size: 'L' } }))
      .thenFails({ code: 'message_id_conflict' });
  });

  it('refuses an answer to an unknown request', () => {
    spec
      .given(given.awaiting())
      .when(answer({ requestId: 'req-x' }))
      .thenFails({ code: 'input_request_unknown', kind: 'unprocessable' });
  });

  it('refuses an answer at or after expiresAt', () => {
    spec
      .given(given.awaiting())
      .when(answer({ now: at(604) }))
      .thenFails({ code: 'input_request_expired' });
  });

  it('refuses an answer to a request that already ended the run as expired', () => {
    spec
      .given([...given.awaiting(), ev.failed('input_expired', 604)])
      .when(answer({ now: at(605) }))
      .thenFails({ code: 'input_request_expired' });
  });

  it('refuses a second answer under a new message id', () => {
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(answer({ messageId: 'answer-2' }))
      .thenFails({ code: 'input_request_not_pending' });
  });

  it('refuses an answer once the run has ended otherwise', () => {
    spec
      .given([...given.awaiting(), ev.cancelled('x', 6)])
      .when(answer({ now: at(7) }))
      .thenFails({ code: 'checkout_run_final' });
  });

  it('records an alternative with its text, and a decline with or without text', () => {
    spec
      .given(given.awaiting())
      .when(answer({ action: 'alternative', value: undefined, text: 'Size L is fine too' }))
      .then([
        {
          type: 'CheckoutRunInputAnswered',
          data: {
            messageId: 'answer-1',
            response: { type: 'input_response', requestId: 'req-1', action: 'alternative', text: 'Size L is fine too' },
            secretRef: null,
            answeredAt: iso(5),
          },
        },
      ]);
    const [declined] = spec
      .given(given.awaiting())
      .when(answer({ action: 'decline', value: undefined }))
      .events();
    expect(declined?.type === 'CheckoutRunInputAnswered' && declined.data.response).toEqual({
      type: 'input_response',
      requestId: 'req-1',
      action: 'decline',
    });
  });

  it.each([
    [{ value: undefined }, 'value'],
    [{ secretRef: 'vault:1' }, 'secretRef'],
    [{ action: 'alternative', value: undefined }, 'text'],
    [{ action: 'alternative' }, 'value'],
    [{ action: 'decline', value: undefined, text: '' }, 'text'],
    [{ action: 'maybe' }, 'action'],
  ])('refuses an answer shaped %j', (overrides, field) => {
    spec.given(given.awaiting()).when(answer(overrides)).thenFails({ code: 'invalid_command', parameters: { field } });
  });

  describe('to a protected question', () => {
    const protectedRun = () => [...given.browsing(), ev.protectedRequested()];

    it('keeps only a reference to the secret: the password never enters an event', () => {
      spec
        .given(protectedRun())
        .when(answer({ requestId: 'req-pw', value: undefined, secretRef: 'vault:pw-1' }))
        .then([
          {
            type: 'CheckoutRunInputAnswered',
            data: {
              messageId: 'answer-1',
              response: { type: 'input_response', requestId: 'req-pw', action: 'submit' },
              secretRef: 'vault:pw-1',
              answeredAt: iso(5),
            },
          },
        ]);
    });

    it('refuses a plain value, and a submit without a secret reference', () => {
      spec
        .given(protectedRun())
        .when(answer({ requestId: 'req-pw', value: 'hunter2' }))
        .thenFails({ code: 'invalid_command', parameters: { field: 'value' } });
      spec
        .given(protectedRun())
        .when(answer({ requestId: 'req-pw', value: undefined }))
        .thenFails({ code: 'invalid_command', parameters: { field: 'secretRef' } });
    });
  });
});

describe('a question that expires', () => {
  it('ends the run failed/input_expired', () => {
    spec
      .given(given.awaiting())
      .when(expire(604))
      .then([ev.failed('input_expired', 604)]);
  });

  it('ends failed/reconciliation_required when a payment is unresolved', () => {
    const history = [...given.paying(), ev.inputRequested('req-3ds', 600, 7)];
    spec
      .given(history)
      .when(expire(607, 'req-3ds'))
      .then([ev.failed('reconciliation_required', 607)]);
  });

  it('changes nothing before expiresAt, after an answer, or on a final run', () => {
    spec.given(given.awaiting()).when(expire(603)).thenNothingHappened();
    spec
      .given([...given.awaiting(), ev.answered()])
      .when(expire(700))
      .thenNothingHappened();
    spec
      .given([...given.awaiting(), ev.cancelled('x', 6)])
      .when(expire(700))
      .thenNothingHappened();
  });

  it('refuses an unknown request', () => {
    spec.given(given.awaiting()).when(expire(700, 'req-x')).thenFails({ code: 'input_request_unknown' });
  });
});
