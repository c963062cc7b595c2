import { DeciderSpecification } from '@paykit/kernel/testing';
import { type WebhookDeliveryEvent, webhookDeliveryDecider } from '../src/index.js';

const spec = DeciderSpecification.for(webhookDeliveryDecider);
const ref = { endpointId: 'ep_1', messageId: 'msg_1' };
const T0 = '2026-05-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const start = (holder: string, seconds: number) => ({
  type: 'StartAttempt' as const,
  data: { ...ref, holder, now: at(seconds), leaseMs: 75_000 },
});
const started = (
  holder: string,
  seconds: number,
  generation = 0,
  trigger: 'scheduled' | 'manual' = 'scheduled',
): WebhookDeliveryEvent => ({
  type: 'WebhookAttemptStarted',
  data: { ...ref, generation, trigger, holder, startedAt: at(seconds), leaseExpiresAt: at(seconds + 75) },
});
const facts = (seconds: number, statusCode: number) => ({
  trigger: 'scheduled' as const,
  startedAt: at(seconds),
  durationMs: 12,
  statusCode,
  error: null,
});
const failedAt = (seconds: number, attemptNumber: number, generation = 0): WebhookDeliveryEvent => ({
  type: 'WebhookAttemptRecorded',
  data: {
    ...ref,
    generation,
    attemptNumber,
    ...facts(seconds, 500),
    outcome: 'failed',
    after: { status: 'pending', nextAttemptAt: at(seconds + 30), cycleStartedAt: at(0) },
  },
});

describe('a webhook delivery in its shared stream', () => {
  it('is attempted by the first instance that claims it; another is told when to look again', () => {
    spec
      .given([])
      .when(start('a', 0))
      .then([started('a', 0)]);
    spec
      .given([started('a', 0)])
      .when(start('b', 1))
      .thenFails((error) => {
        expect(error).toMatchObject({ code: 'webhook_delivery_claimed', parameters: { retryAt: at(75) } });
      });
  });

  it('passes to another instance when the holder died with the attempt under way', () =>
    spec
      .given([started('a', 0)])
      .when(start('b', 75))
      .then([started('b', 75)]));

  it('is not attempted before its next attempt is due, nor once delivered', () => {
    spec
      .given([started('a', 0), failedAt(0, 1)])
      .when(start('b', 29))
      .thenFails({ code: 'webhook_delivery_not_due' });
    spec
      .given([started('a', 0), failedAt(0, 1)])
      .when(start('b', 30))
      .then([started('b', 30)]);
    const delivered: WebhookDeliveryEvent = {
      type: 'WebhookAttemptRecorded',
      data: {
        ...ref,
        generation: 0,
        attemptNumber: 1,
        ...facts(0, 200),
        outcome: 'succeeded',
        after: { status: 'delivered', at: at(1) },
      },
    };
    spec
      .given([started('a', 0), delivered])
      .when(start('a', 5))
      .thenFails({ code: 'webhook_delivery_settled' });
  });

  it('numbers attempts across instances', () =>
    spec
      .given([started('a', 0), failedAt(0, 1), started('b', 30)])
      .when({
        type: 'RecordAttempt',
        data: { ...ref, generation: 0, attempt: facts(30, 200), after: { status: 'delivered', at: at(31) } },
      })
      .then([
        {
          type: 'WebhookAttemptRecorded',
          data: {
            ...ref,
            generation: 0,
            attemptNumber: 2,
            ...facts(30, 200),
            outcome: 'succeeded',
            after: { status: 'delivered', at: at(31) },
          },
        },
      ]));

  it('is queued again, due now and manual, by a redelivery; an attempt started before it does not settle it', () => {
    const delivered: WebhookDeliveryEvent = {
      type: 'WebhookAttemptRecorded',
      data: {
        ...ref,
        generation: 0,
        attemptNumber: 1,
        ...facts(0, 200),
        outcome: 'succeeded',
        after: { status: 'delivered', at: at(1) },
      },
    };
    spec
      .given([started('a', 0), delivered])
      .when({ type: 'RequestRedelivery', data: { ...ref, now: at(60) } })
      .then([{ type: 'WebhookRedeliveryRequested', data: { ...ref, generation: 1, requestedAt: at(60) } }]);
    const redelivered: WebhookDeliveryEvent = {
      type: 'WebhookRedeliveryRequested',
      data: { ...ref, generation: 1, requestedAt: at(60) },
    };
    spec
      .given([started('a', 0), redelivered, failedAt(0, 1, 0)])
      .when(start('b', 61))
      .then([started('b', 61, 1, 'manual')]);
  });

  it('is given back by a holder that stops before sending, so another need not wait out the lease', () => {
    spec
      .given([started('a', 0)])
      .when({ type: 'AbandonAttempt', data: { ...ref, holder: 'a', now: at(1) } })
      .then([{ type: 'WebhookAttemptAbandoned', data: { ...ref, holder: 'a', abandonedAt: at(1) } }]);
    spec
      .given([started('a', 0)])
      .when({ type: 'AbandonAttempt', data: { ...ref, holder: 'b', now: at(1) } })
      .thenNothingHappened();
    spec
      .given([started('a', 0), { type: 'WebhookAttemptAbandoned', data: { ...ref, holder: 'a', abandonedAt: at(1) } }])
      .when(start('b', 2))
      .then([started('b', 2)]);
  });
});
