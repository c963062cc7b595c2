import { Injectable } from '@nestjs/common';
import type { ReadModelDatabase } from '@paykit/projections';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';

/** A delivery claimed for an attempt, with what the attempt needs. */
export interface DueDelivery {
  readonly seq: number;
  readonly endpointId: string;
  readonly messageId: string;
  readonly cycleAttempts: number;
  readonly cycleStartedAt: number | null;
  readonly trigger: 'scheduled' | 'manual';
  readonly generation: number;
  readonly url: string;
  readonly sealedSecret: string;
  readonly previousSealedSecret: string | null;
  readonly previousSecretExpiresAt: string | null;
  readonly messageType: string;
  readonly streamName: string;
  readonly revision: number;
  readonly payload: string | null;
}

export interface AttemptRecord {
  readonly trigger: 'scheduled' | 'manual';
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
}

/** What follows an attempt: delivered, another attempt at a time, or given up. */
export type AfterAttempt =
  | { readonly status: 'delivered'; readonly at: Date }
  | { readonly status: 'pending'; readonly nextAttemptAt: Date; readonly cycleStartedAt: Date }
  | { readonly status: 'failed'; readonly cycleStartedAt: Date };

const DUE = `
  SELECT d.seq, d.endpoint_id AS endpointId, d.message_id AS messageId, d.cycle_attempts AS cycleAttempts,
         d.cycle_started_at AS cycleStartedAt, d.next_trigger AS trigger, d.generation,
         e.url, e.sealed_secret AS sealedSecret, e.previous_sealed_secret AS previousSealedSecret,
         e.previous_secret_expires_at AS previousSecretExpiresAt,
         m.type AS messageType, m.stream_name AS streamName, m.revision, m.payload
  FROM webhook_deliveries d
  JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id
  JOIN webhook_messages m ON m.message_id = d.message_id
  WHERE d.status = 'pending' AND d.next_attempt_at <= @now AND d.lease_until <= @now
  ORDER BY d.next_attempt_at, d.seq
  LIMIT @limit`;

/**
 * The worker's side of the deliveries table. A claim is a lease in the table (so a second
 * process on the same file never sends the same attempt), and a redelivery bumps the row's
 * generation, so an attempt that was under way when it was asked for cannot undo it.
 */
@Injectable()
export class DeliveryQueue {
  private statements: ReturnType<DeliveryQueue['prepare']> | null = null;

  constructor(private readonly outbox: WebhooksOutbox) {}

  /** Leases up to `limit` due deliveries (none of `busy`) until `leaseUntil`. */
  claimDue(now: number, leaseUntil: number, limit: number, busy: ReadonlySet<number>): DueDelivery[] {
    const s = this.prepared();
    return this.outbox.db.transaction(() => {
      const due = (s.due.all({ now, limit: limit + busy.size }) as DueDelivery[]).filter((row) => !busy.has(row.seq)).slice(0, limit);
      for (const row of due) s.lease.run(leaseUntil, row.seq);
      return due;
    }).immediate();
  }

  /** Keeps the first rendering of a message's body: every attempt sends the same bytes. */
  keepPayload(messageId: string, payload: string): string {
    const s = this.prepared();
    s.storePayload.run(payload, messageId);
    return (s.payloadOf.get(messageId) as { payload: string }).payload;
  }

  record(delivery: DueDelivery, attempt: AttemptRecord, after: AfterAttempt): void {
    const s = this.prepared();
    this.outbox.db.transaction(() => {
      const { attempt_count: count } = s.countOf.get(delivery.seq) as { attempt_count: number };
      s.attempt.run(
        delivery.seq,
        count + 1,
        attempt.trigger,
        attempt.startedAt.toISOString(),
        Math.round(attempt.durationMs),
        attempt.statusCode,
        attempt.error,
        after.status === 'delivered' ? 'succeeded' : 'failed',
      );
      s.counted.run(delivery.seq);
      s.settle.run({
        seq: delivery.seq,
        generation: delivery.generation,
        status: after.status,
        nextAttemptAt: after.status === 'pending' ? after.nextAttemptAt.getTime() : null,
        cycleStartedAt: after.status === 'delivered' ? null : after.cycleStartedAt.getTime(),
        deliveredAt: after.status === 'delivered' ? after.at.toISOString() : null,
      });
    }).immediate();
  }

  /** Gives a claim back without an attempt (shutdown, the store unreachable): tried again at `retryAt`. */
  release(delivery: DueDelivery, retryAt: number): void {
    this.prepared().release.run(retryAt, delivery.seq, delivery.generation);
  }

  private prepared() {
    this.statements ??= this.prepare(this.outbox.db);
    return this.statements;
  }

  private prepare(db: ReadModelDatabase) {
    return {
      due: db.prepare(DUE),
      lease: db.prepare('UPDATE webhook_deliveries SET lease_until = ? WHERE seq = ?'),
      storePayload: db.prepare('UPDATE webhook_messages SET payload = ? WHERE message_id = ? AND payload IS NULL'),
      payloadOf: db.prepare('SELECT payload FROM webhook_messages WHERE message_id = ?'),
      countOf: db.prepare('SELECT attempt_count FROM webhook_deliveries WHERE seq = ?'),
      attempt: db.prepare(
        `INSERT INTO webhook_attempts (delivery_seq, attempt_number, trigger, started_at, duration_ms, status_code, error, outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      counted: db.prepare('UPDATE webhook_deliveries SET attempt_count = attempt_count + 1 WHERE seq = ?'),
      settle: db.prepare(
        `UPDATE webhook_deliveries SET status = @status, next_attempt_at = @nextAttemptAt, cycle_started_at = @cycleStartedAt,
           cycle_attempts = cycle_attempts + 1, delivered_at = @deliveredAt, next_trigger = 'scheduled', lease_until = 0
         WHERE seq = @seq AND generation = @generation AND status = 'pending'`,
      ),
      release: db.prepare(
        "UPDATE webhook_deliveries SET lease_until = 0, next_attempt_at = ? WHERE seq = ? AND generation = ? AND status = 'pending'",
      ),
    };
  }
}
