import { type Decider, type DomainError, conflict } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type {
  AfterAttempt,
  AttemptFacts,
  DeliveryTrigger,
  WebhookDeliveryEvent,
  WebhookDeliveryRef,
} from './events.js';

/**
 * One message to one endpoint, as every API instance sees it: the attempts claimed and made,
 * their outcomes and manual redeliveries, in one stream of the shared store. An attempt starts
 * with a claim (an append at the revision read, with a lease), so of several instances one
 * sends it; its outcome, and when to try again, is recorded in the same stream and every
 * instance's outbox applies it to its delivery log.
 */
export const WEBHOOK_DELIVERY_STREAM_PREFIX = 'webhookdelivery-';
export const webhookDeliveryStream = ({ endpointId, messageId }: WebhookDeliveryRef): string =>
  `${WEBHOOK_DELIVERY_STREAM_PREFIX}${endpointId}:${messageId}`;

export type WebhookDeliveryCommand =
  | {
      readonly type: 'StartAttempt';
      readonly data: WebhookDeliveryRef & { readonly holder: string; readonly now: string; readonly leaseMs: number };
    }
  | {
      readonly type: 'RecordAttempt';
      readonly data: WebhookDeliveryRef & {
        readonly generation: number;
        readonly attempt: AttemptFacts;
        readonly after: AfterAttempt;
      };
    }
  /** The holder stops before sending (shutdown): another may attempt at once rather than after the lease. */
  | {
      readonly type: 'AbandonAttempt';
      readonly data: WebhookDeliveryRef & { readonly holder: string; readonly now: string };
    }
  | { readonly type: 'RequestRedelivery'; readonly data: WebhookDeliveryRef & { readonly now: string } };

export interface WebhookDeliveryState {
  readonly status: 'pending' | 'delivered' | 'failed';
  /** Attempts made, every cycle. */
  readonly attempts: number;
  /** Attempts in this cycle (a redelivery starts one) and when its first started: the backoff's inputs. */
  readonly cycleAttempts: number;
  readonly cycleStartedAt: string | null;
  /** Null: due since the message was queued. */
  readonly nextAttemptAt: string | null;
  readonly trigger: DeliveryTrigger;
  /** Bumped by each redelivery: an attempt started before one does not settle the delivery. */
  readonly generation: number;
  readonly lease: { readonly holder: string; readonly until: string } | null;
}

type Decision = E.Either<DomainError, WebhookDeliveryEvent[]>;

/** Why an instance may not attempt now, and when to look again. */
const notNow = (code: string, message: string, retryAt: string | null): Decision =>
  E.left(conflict(code, message, { retryAt }));

const start = (
  command: Extract<WebhookDeliveryCommand, { type: 'StartAttempt' }>['data'],
  state: WebhookDeliveryState,
): Decision => {
  const now = Date.parse(command.now);
  if (state.status !== 'pending') return notNow('webhook_delivery_settled', 'The delivery is settled', null);
  if (state.nextAttemptAt !== null && Date.parse(state.nextAttemptAt) > now) {
    return notNow('webhook_delivery_not_due', 'The next attempt is not due', state.nextAttemptAt);
  }
  if (state.lease && state.lease.holder !== command.holder && Date.parse(state.lease.until) > now) {
    return notNow('webhook_delivery_claimed', 'Another instance is attempting the delivery', state.lease.until);
  }
  const { endpointId, messageId, holder } = command;
  const leaseExpiresAt = new Date(now + command.leaseMs).toISOString();
  return E.right([
    {
      type: 'WebhookAttemptStarted',
      data: {
        endpointId,
        messageId,
        generation: state.generation,
        trigger: state.trigger,
        holder,
        startedAt: command.now,
        leaseExpiresAt,
      },
    },
  ]);
};

const decide = (command: WebhookDeliveryCommand, state: WebhookDeliveryState): Decision => {
  const { endpointId, messageId } = command.data;
  switch (command.type) {
    case 'StartAttempt':
      return start(command.data, state);
    case 'RecordAttempt': {
      const { generation, attempt, after } = command.data;
      const outcome = after.status === 'delivered' ? 'succeeded' : 'failed';
      return E.right([
        {
          type: 'WebhookAttemptRecorded',
          data: { endpointId, messageId, generation, attemptNumber: state.attempts + 1, ...attempt, outcome, after },
        },
      ]);
    }
    case 'AbandonAttempt': {
      if (state.lease?.holder !== command.data.holder) return E.right([]);
      const { holder, now } = command.data;
      return E.right([{ type: 'WebhookAttemptAbandoned', data: { endpointId, messageId, holder, abandonedAt: now } }]);
    }
    case 'RequestRedelivery':
      return E.right([
        {
          type: 'WebhookRedeliveryRequested',
          data: { endpointId, messageId, generation: state.generation + 1, requestedAt: command.data.now },
        },
      ]);
  }
};

const evolve = (state: WebhookDeliveryState, event: WebhookDeliveryEvent): WebhookDeliveryState => {
  switch (event.type) {
    case 'WebhookAttemptStarted':
      return { ...state, lease: { holder: event.data.holder, until: event.data.leaseExpiresAt } };
    case 'WebhookAttemptRecorded': {
      const counted = { ...state, attempts: event.data.attemptNumber, lease: null };
      // A redelivery asked while the attempt was under way wins over its outcome.
      if (event.data.generation !== state.generation) return counted;
      const { after } = event.data;
      return {
        ...counted,
        status: after.status,
        cycleAttempts: state.cycleAttempts + 1,
        cycleStartedAt: after.status === 'delivered' ? null : after.cycleStartedAt,
        nextAttemptAt: after.status === 'pending' ? after.nextAttemptAt : null,
        trigger: 'scheduled',
      };
    }
    case 'WebhookAttemptAbandoned':
      return { ...state, lease: null };
    case 'WebhookRedeliveryRequested':
      return {
        ...state,
        status: 'pending',
        generation: event.data.generation,
        cycleAttempts: 0,
        cycleStartedAt: null,
        nextAttemptAt: event.data.requestedAt,
        trigger: 'manual',
        lease: null,
      };
    default:
      return state;
  }
};

/** A webhook delivery: who attempts it now, what each attempt gave, and when the next one is due. */
export const webhookDeliveryDecider: Decider<
  WebhookDeliveryCommand,
  WebhookDeliveryEvent,
  WebhookDeliveryState,
  DomainError
> = {
  initialState: () => ({
    status: 'pending',
    attempts: 0,
    cycleAttempts: 0,
    cycleStartedAt: null,
    nextAttemptAt: null,
    trigger: 'scheduled',
    generation: 0,
    lease: null,
  }),
  decide,
  evolve,
};
