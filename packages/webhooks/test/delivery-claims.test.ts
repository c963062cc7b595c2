import { fold } from '@paykit/kernel';
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
const started = (holder: string, seconds: number): WebhookDeliveryEvent => ({
  type: 'WebhookAttemptStarted',
  data: {
    ...ref,
    generation: 0,
    trigger: 'scheduled',
    holder,
    startedAt: at(seconds),
    leaseExpiresAt: at(seconds + 75),
  },
});
const facts = (seconds: number) => ({
  trigger: 'scheduled' as const,
  startedAt: at(seconds),
  durationMs: 12,
  statusCode: 500,
  error: null,
});
const retryAfter = (seconds: number) => ({
  status: 'pending' as const,
  nextAttemptAt: at(seconds + 30),
  cycleStartedAt: at(0),
});
const failed = (seconds: number, attemptNumber: number): WebhookDeliveryEvent => ({
  type: 'WebhookAttemptRecorded',
  data: { ...ref, generation: 0, attemptNumber, ...facts(seconds), outcome: 'failed', after: retryAfter(seconds) },
});

describe('claiming a webhook delivery', () => {
  it('the instance holding the lease may claim it again (its own retry), another may not', () => {
    spec
      .given([started('a', 0)])
      .when(start('a', 10))
      .then([started('a', 10)]);
    spec
      .given([started('a', 0)])
      .when(start('b', 10))
      .thenFails({
        kind: 'conflict',
        code: 'webhook_delivery_claimed',
        message: 'Another instance is attempting the delivery',
        parameters: { retryAt: at(75) },
      });
  });

  it('an attempt not yet due is refused with when it is due', () => {
    spec
      .given([started('a', 0), failed(0, 1)])
      .when(start('a', 10))
      .thenFails({
        kind: 'conflict',
        code: 'webhook_delivery_not_due',
        message: 'The next attempt is not due',
        parameters: { retryAt: at(30) },
      });
  });

  it('a settled delivery is refused with no time to look again', () => {
    const exhausted: WebhookDeliveryEvent = {
      type: 'WebhookAttemptRecorded',
      data: {
        ...ref,
        generation: 0,
        attemptNumber: 1,
        ...facts(0),
        outcome: 'failed',
        after: { status: 'failed', cycleStartedAt: at(0) },
      },
    };
    spec
      .given([started('a', 0), exhausted])
      .when(start('a', 60))
      .thenFails({
        kind: 'conflict',
        code: 'webhook_delivery_settled',
        message: 'The delivery is settled',
        parameters: { retryAt: null },
      });
  });
});

describe('recording an attempt', () => {
  it('records an attempt followed by a retry as failed', () => {
    spec
      .given([started('a', 0)])
      .when({ type: 'RecordAttempt', data: { ...ref, generation: 0, attempt: facts(0), after: retryAfter(0) } })
      .then([failed(0, 1)]);
  });

  it("counts the cycle's attempts, the backoff's input", () => {
    const events = [started('a', 0), failed(0, 1), started('a', 30), failed(30, 2)];
    expect(fold(webhookDeliveryDecider, events)).toMatchObject({ attempts: 2, cycleAttempts: 2 });
  });
});
