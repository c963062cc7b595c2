import {
  type CheckoutRunCardAuthorizationRecorded,
  type CheckoutRunEvent,
  type CheckoutRunState,
  checkoutRunDecider,
  toCardAuthorizationPayload,
  toRunSnapshot,
} from '@paykit/checkout-runs';
import { type OrderEvent, type OrderState, orderDecider, toOrderResource } from '@paykit/orders';
import { type TransferEvent, directionsOfEvent } from '@paykit/transfers';
import type { WebhookEventType, WebhookPayload } from '../events/webhook-event-types.js';

/** A stored event of the message's source stream. */
export interface StreamEvent {
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
}

/** Which events of the source stream a payload is rendered from (a read of the stream). */
export interface PayloadSource {
  readonly fromRevision: bigint;
  readonly maxCount: number;
}

const isTransferType = (type: WebhookEventType): boolean => type.startsWith('wallets.transfer.');

/**
 * A transfer's payload is its one event (the movement it carries); an order's or a run's (its
 * snapshot, or an authorization on its card with the run it belongs to) is folded from the
 * stream's start up to the source event.
 */
export const payloadSourceOf = (type: WebhookEventType, revision: bigint): PayloadSource =>
  isTransferType(type) ? { fromRevision: revision, maxCount: 1 } : { fromRevision: 0n, maxCount: Number(revision) + 1 };

const fold = <State, Event>(
  initial: State,
  evolve: (state: State, event: Event) => State,
  events: readonly StreamEvent[],
) => events.reduce((state, event) => evolve(state, { type: event.type, data: event.data } as Event), initial);

const dataOf = (type: WebhookEventType, events: readonly StreamEvent[]): unknown => {
  if (isTransferType(type)) {
    const last = events.at(-1);
    const direction =
      last &&
      directionsOfEvent({ type: last.type, data: last.data } as TransferEvent).find((side) => side.type === type);
    if (!direction) throw new Error(`No ${type} side in the source event`);
    return direction;
  }
  if (type === 'agent-checkouts.run.updated' || type === 'agent-checkouts.card.authorization') {
    const run = fold<CheckoutRunState, CheckoutRunEvent>(
      checkoutRunDecider.initialState(),
      checkoutRunDecider.evolve,
      events,
    );
    if (!run.exists) throw new Error('The source stream holds no run');
    if (type === 'agent-checkouts.run.updated') return toRunSnapshot(run);
    const last = events.at(-1);
    if (last?.type !== 'CheckoutRunCardAuthorizationRecorded')
      throw new Error('The source event holds no authorization');
    return toCardAuthorizationPayload(run, last.data as CheckoutRunCardAuthorizationRecorded['data']);
  }
  const order = fold<OrderState, OrderEvent>(orderDecider.initialState(), orderDecider.evolve, events);
  if (!order) throw new Error('The source stream holds no order');
  return toOrderResource(order);
};

/**
 * The payload `{ type, data }` of a message, from the events `payloadSourceOf` names (in
 * order, ending with the source event): the transfer side, the order resource or the run
 * snapshot as they were right after the source event, whatever happened since.
 */
export const renderPayload = (type: WebhookEventType, events: readonly StreamEvent[]): WebhookPayload => ({
  type,
  data: dataOf(type, events),
});
