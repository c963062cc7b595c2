import type { RecordedEvent } from '@paykit/event-store';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import {
  WEBHOOK_DELIVERY_STREAM_PREFIX,
  WEBHOOK_ENDPOINT_EVENT_TYPE_PREFIX,
  type WebhookDeliveryEvent,
  type WebhookEndpointEvent,
  type WebhookEventType,
  type WebhookMessageRef,
  webhookMessagesOf,
} from '@paykit/webhooks';
import { ENDPOINTS_TABLE, OUTBOX_SCHEMA } from './outbox-schema.js';

export const OUTBOX_PROJECTION = 'webhooks-outbox';

const prepare = (db: ReadModelDatabase, sql: string) => db.prepare<unknown[]>(sql);
type Statement = ReturnType<typeof prepare>;
type Statements = Record<
  | 'created'
  | 'updated'
  | 'rotated'
  | 'deleted'
  | 'cancelPending'
  | 'endpointsOf'
  | 'message'
  | 'delivery'
  | 'leased'
  | 'attempt'
  | 'counted'
  | 'settled'
  | 'redelivered',
  Statement
>;

interface RoutingRow {
  readonly endpoint_id: string;
  readonly event_types: string;
}

const applyEndpointEvent = (event: RecordedEvent, s: Statements): void => {
  const endpoint = { type: event.type, data: event.data } as WebhookEndpointEvent;
  switch (endpoint.type) {
    case 'WebhookEndpointCreated': {
      const { endpointId, projectId, url, eventTypes, description, sealedSecret, createdAt } = endpoint.data;
      s.created.run(
        endpointId,
        projectId,
        event.position,
        url,
        JSON.stringify(eventTypes),
        description,
        sealedSecret,
        createdAt,
        createdAt,
      );
      break;
    }
    case 'WebhookEndpointUpdated': {
      const { endpointId, url, eventTypes, description, updatedAt } = endpoint.data;
      s.updated.run(url, JSON.stringify(eventTypes), description, updatedAt, endpointId);
      break;
    }
    case 'WebhookEndpointSecretRotated': {
      const { endpointId, sealedSecret, previousSecretExpiresAt, rotatedAt } = endpoint.data;
      s.rotated.run(previousSecretExpiresAt, sealedSecret, rotatedAt, endpointId);
      break;
    }
    case 'WebhookEndpointDeleted':
      s.deleted.run(endpoint.data.endpointId);
      s.cancelPending.run(endpoint.data.endpointId);
      break;
  }
};

const msOrNull = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/**
 * What the delivery streams say (WebhookDelivery, @paykit/webhooks), whichever instance wrote it: a
 * claimed attempt leases the delivery here too, an outcome lands in the log, a redelivery queues it again.
 */
const applyDeliveryEvent = (event: RecordedEvent, s: Statements): void => {
  const delivery = { type: event.type, data: event.data } as WebhookDeliveryEvent;
  const { endpointId, messageId } = delivery.data;
  switch (delivery.type) {
    case 'WebhookAttemptStarted':
      s.leased.run(Date.parse(delivery.data.leaseExpiresAt), endpointId, messageId);
      break;
    case 'WebhookAttemptAbandoned':
      s.leased.run(0, endpointId, messageId);
      break;
    case 'WebhookAttemptRecorded': {
      const { attemptNumber, trigger, startedAt, durationMs, statusCode, error, outcome, after, generation } =
        delivery.data;
      s.attempt.run(attemptNumber, trigger, startedAt, durationMs, statusCode, error, outcome, endpointId, messageId);
      s.counted.run(attemptNumber, endpointId, messageId);
      s.settled.run({
        endpointId,
        messageId,
        generation,
        status: after.status,
        nextAttemptAt: after.status === 'pending' ? Date.parse(after.nextAttemptAt) : null,
        cycleStartedAt: after.status === 'delivered' ? null : msOrNull(after.cycleStartedAt),
        deliveredAt: after.status === 'delivered' ? after.at : null,
      });
      break;
    }
    case 'WebhookRedeliveryRequested':
      s.redelivered.run(Date.parse(delivery.data.requestedAt), delivery.data.generation, endpointId, messageId);
      break;
  }
};

const enqueue = (message: WebhookMessageRef, endpointIds: readonly string[], s: Statements): void => {
  const { messageId, projectId, type, source, occurredAt } = message;
  s.message.run(messageId, projectId, type, source.streamName, source.revision, occurredAt);
  for (const endpointId of endpointIds) s.delivery.run(endpointId, messageId);
};

const subscribersOf = (rows: readonly RoutingRow[], type: WebhookEventType): string[] =>
  rows.filter((row) => (JSON.parse(row.event_types) as string[]).includes(type)).map((row) => row.endpoint_id);

/**
 * The outbox: each event that raises webhook messages gets one delivery per endpoint of its
 * project subscribed to the message's type, as the endpoints stood at that point of `$all`,
 * committed with the checkpoint. Messages and deliveries are inserted once (`OR IGNORE` on
 * their deterministic ids), so replaying events never queues a message twice. Only the
 * endpoints table is the projection's to drop: a rebuild must not forget what was sent.
 * Keep `version` at 1: a new version replays `$all` from 0, and would queue history for any
 * newly mapped event type; mapping changes apply from the current position on.
 * Attempts and their outcomes come from the deliveries' shared streams, so every instance's log
 * shows every attempt, whichever instance made it.
 */
export const outboxProjection = defineProjection<Statements>({
  name: OUTBOX_PROJECTION,
  version: 1,
  // A rebuild replays $all and would re-send history: code changes apply going forward only.
  rebuildWhenCodeChanges: false,
  tables: [ENDPOINTS_TABLE],
  schema: OUTBOX_SCHEMA,
  statements: (db) => ({
    created: prepare(
      db,
      `INSERT OR IGNORE INTO webhook_endpoints
         (endpoint_id, project_id, seq, url, event_types, description, sealed_secret, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updated: prepare(
      db,
      'UPDATE webhook_endpoints SET url = ?, event_types = ?, description = ?, updated_at = ? WHERE endpoint_id = ?',
    ),
    rotated: prepare(
      db,
      `UPDATE webhook_endpoints SET previous_sealed_secret = sealed_secret, previous_secret_expires_at = ?,
         sealed_secret = ?, updated_at = ? WHERE endpoint_id = ?`,
    ),
    deleted: prepare(db, 'DELETE FROM webhook_endpoints WHERE endpoint_id = ?'),
    cancelPending: prepare(
      db,
      "UPDATE webhook_deliveries SET status = 'cancelled' WHERE endpoint_id = ? AND status = 'pending'",
    ),
    endpointsOf: prepare(db, 'SELECT endpoint_id, event_types FROM webhook_endpoints WHERE project_id = ?'),
    message: prepare(
      db,
      `INSERT OR IGNORE INTO webhook_messages (message_id, project_id, type, stream_name, revision, occurred_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    delivery: prepare(
      db,
      `INSERT OR IGNORE INTO webhook_deliveries (endpoint_id, message_id, status, next_attempt_at) VALUES (?, ?, 'pending', 0)`,
    ),
    leased: prepare(db, 'UPDATE webhook_deliveries SET lease_until = ? WHERE endpoint_id = ? AND message_id = ?'),
    attempt: prepare(
      db,
      `INSERT INTO webhook_attempts (delivery_seq, attempt_number, trigger, started_at, duration_ms, status_code, error, outcome)
       SELECT seq, ?, ?, ?, ?, ?, ?, ? FROM webhook_deliveries WHERE endpoint_id = ? AND message_id = ?`,
    ),
    counted: prepare(
      db,
      'UPDATE webhook_deliveries SET attempt_count = ?, lease_until = 0 WHERE endpoint_id = ? AND message_id = ?',
    ),
    settled: prepare(
      db,
      `UPDATE webhook_deliveries SET status = @status, next_attempt_at = @nextAttemptAt, cycle_started_at = @cycleStartedAt,
         cycle_attempts = cycle_attempts + 1, delivered_at = @deliveredAt, next_trigger = 'scheduled'
       WHERE endpoint_id = @endpointId AND message_id = @messageId AND generation = @generation AND status != 'cancelled'`,
    ),
    redelivered: prepare(
      db,
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, cycle_started_at = NULL, cycle_attempts = 0,
         next_trigger = 'manual', generation = ?, lease_until = 0, delivered_at = NULL
       WHERE endpoint_id = ? AND message_id = ? AND status != 'cancelled'`,
    ),
  }),
  apply: (event, s) => {
    if (event.type.startsWith(WEBHOOK_ENDPOINT_EVENT_TYPE_PREFIX)) return applyEndpointEvent(event, s);
    if (event.streamName.startsWith(WEBHOOK_DELIVERY_STREAM_PREFIX)) return applyDeliveryEvent(event, s);
    const messages = webhookMessagesOf(event);
    if (messages.length === 0) return;
    const endpoints = s.endpointsOf.all(messages[0]?.projectId) as RoutingRow[];
    if (endpoints.length === 0) return;
    for (const message of messages) {
      const subscribers = subscribersOf(endpoints, message.type);
      if (subscribers.length > 0) enqueue(message, subscribers, s);
    }
  },
});
