import { Injectable } from '@nestjs/common';
import type {
  WebhookAttempt,
  WebhookDeliveryDetail,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
} from '@paykit/contracts';
import type { ReadModelDatabase } from '@paykit/projections';
import type { z } from 'zod';
import type { KeysetSource } from '../../http/pagination/keyset-page.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';

type Status = z.infer<typeof WebhookDeliveryStatus>;

interface DeliveryRow {
  readonly seq: number;
  readonly message_id: string;
  readonly type: string;
  readonly status: Status;
  readonly attempt_count: number;
  readonly occurred_at: string;
  readonly next_attempt_at: number | null;
  readonly delivered_at: string | null;
}

interface AttemptRow {
  readonly attempt_number: number;
  readonly trigger: WebhookAttempt['trigger'];
  readonly started_at: string;
  readonly duration_ms: number;
  readonly status_code: number | null;
  readonly error: string | null;
  readonly outcome: WebhookAttempt['outcome'];
}

export interface ListedDelivery {
  readonly seq: number;
  readonly delivery: WebhookDeliveryResponse;
}

const COLUMNS = `d.seq, d.message_id, m.type, d.status, d.attempt_count, m.occurred_at, d.next_attempt_at, d.delivered_at
  FROM webhook_deliveries d JOIN webhook_messages m ON m.message_id = d.message_id`;
const ATTEMPT_COLUMNS = 'attempt_number, trigger, started_at, duration_ms, status_code, error, outcome';

const toAttempt = (row: AttemptRow): WebhookAttempt => ({
  attemptNumber: row.attempt_number,
  trigger: row.trigger,
  startedAt: row.started_at,
  durationMs: row.duration_ms,
  statusCode: row.status_code,
  error: row.error,
  outcome: row.outcome,
});

/** A new delivery is due from the moment its event happened (the outbox, a pure fold, stores 0 for "now"). */
const nextAttemptOf = (nextAttemptAt: number, occurredAt: string): string =>
  nextAttemptAt === 0 ? occurredAt : new Date(nextAttemptAt).toISOString();

/** The delivery log of an endpoint (newest first), as this instance's outbox holds it. */
@Injectable()
export class DeliveriesReadModel {
  private statements: ReturnType<DeliveriesReadModel['prepare']> | null = null;

  constructor(private readonly outbox: WebhooksOutbox) {}

  source(endpointId: string, status: Status | undefined): KeysetSource<ListedDelivery, number> {
    const s = this.prepared();
    const [after, before, scope] =
      status === undefined
        ? [s.after, s.before, [endpointId]]
        : [s.afterWithStatus, s.beforeWithStatus, [endpointId, status]];
    return {
      after: (key, count) => this.rows(after.all(...scope, key ?? Number.MAX_SAFE_INTEGER, count)),
      before: (key, count) => this.rows(before.all(...scope, key, count)),
      keyOf: (row) => row.seq,
    };
  }

  find(endpointId: string, messageId: string): WebhookDeliveryDetail | null {
    const s = this.prepared();
    const row = s.one.get(endpointId, messageId) as DeliveryRow | undefined;
    if (!row) return null;
    const attempts = (s.attempts.all(row.seq) as AttemptRow[]).map(toAttempt);
    const payload = (s.payload.get(messageId) as { payload: string | null }).payload;
    return {
      ...this.present(row, attempts.at(-1) ?? null),
      payload: payload === null ? null : (JSON.parse(payload) as WebhookDeliveryDetail['payload']),
      attempts,
    };
  }

  private rows(rows: unknown[]): ListedDelivery[] {
    const s = this.prepared();
    return (rows as DeliveryRow[]).map((row) => {
      const last = s.lastAttempt.get(row.seq) as AttemptRow | undefined;
      return { seq: Number(row.seq), delivery: this.present(row, last ? toAttempt(last) : null) };
    });
  }

  private present(row: DeliveryRow, lastAttempt: WebhookAttempt | null): WebhookDeliveryResponse {
    return {
      messageId: row.message_id,
      eventType: row.type as WebhookDeliveryResponse['eventType'],
      status: row.status,
      attemptCount: row.attempt_count,
      createdAt: row.occurred_at,
      nextAttemptAt:
        row.status !== 'pending' || row.next_attempt_at === null
          ? null
          : nextAttemptOf(row.next_attempt_at, row.occurred_at),
      deliveredAt: row.delivered_at,
      lastAttempt,
    };
  }

  private prepared() {
    this.statements ??= this.prepare(this.outbox.db);
    return this.statements;
  }

  private prepare(db: ReadModelDatabase) {
    const all = "d.endpoint_id = ? AND d.status != 'cancelled'";
    const withStatus = 'd.endpoint_id = ? AND d.status = ?';
    const newestFirst = (scope: string) =>
      db.prepare(`SELECT ${COLUMNS} WHERE ${scope} AND d.seq < ? ORDER BY d.seq DESC LIMIT ?`);
    const oldestFirst = (scope: string) =>
      db.prepare(`SELECT ${COLUMNS} WHERE ${scope} AND d.seq > ? ORDER BY d.seq ASC LIMIT ?`);
    return {
      after: newestFirst(all),
      before: oldestFirst(all),
      afterWithStatus: newestFirst(withStatus),
      beforeWithStatus: oldestFirst(withStatus),
      one: db.prepare(`SELECT ${COLUMNS} WHERE d.endpoint_id = ? AND d.message_id = ? AND d.status != 'cancelled'`),
      attempts: db.prepare(
        `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE delivery_seq = ? ORDER BY attempt_id`,
      ),
      lastAttempt: db.prepare(
        `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE delivery_seq = ? ORDER BY attempt_id DESC LIMIT 1`,
      ),
      payload: db.prepare('SELECT payload FROM webhook_messages WHERE message_id = ?'),
    };
  }
}
