import { Injectable } from '@nestjs/common';
import type { ReadModelDatabase } from '@paykit/projections';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';

/** A delivery this instance leased for an attempt, with what the attempt needs. */
export interface DueDelivery {
  readonly seq: number;
  readonly projectId: string;
  readonly endpointId: string;
  readonly messageId: string;
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

const DUE = `
  SELECT d.seq, m.project_id AS projectId, d.endpoint_id AS endpointId, d.message_id AS messageId, d.generation,
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
 * The worker's side of this instance's deliveries table: which deliveries look due, leased in
 * the table so one pass does not pick a delivery already under way here. Whether an attempt may
 * be made is decided in the delivery's shared stream (DeliveryClaims), and its outcome reaches
 * this table through the outbox projection, as it reaches every instance's.
 */
@Injectable()
export class DeliveryQueue {
  private statements: ReturnType<DeliveryQueue['prepare']> | null = null;

  constructor(private readonly outbox: WebhooksOutbox) {}

  /** Leases up to `limit` due deliveries (none of `busy`) until `leaseUntil`. */
  claimDue(now: number, leaseUntil: number, limit: number, busy: ReadonlySet<number>): DueDelivery[] {
    const s = this.prepared();
    return this.outbox.db
      .transaction(() => {
        const due = (s.due.all({ now, limit: limit + busy.size }) as DueDelivery[])
          .filter((row) => !busy.has(row.seq))
          .slice(0, limit);
        for (const row of due) s.lease.run(leaseUntil, row.seq);
        return due;
      })
      .immediate();
  }

  /** Keeps the first rendering of a message's body: every attempt sends the same bytes. */
  keepPayload(messageId: string, payload: string): string {
    const s = this.prepared();
    s.storePayload.run(payload, messageId);
    return (s.payloadOf.get(messageId) as { payload: string }).payload;
  }

  /** Leaves a delivery alone here until `until` (another instance attempts it, or it is not due yet). */
  holdUntil(delivery: DueDelivery, until: number): void {
    this.prepared().lease.run(until, delivery.seq);
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
      release: db.prepare(
        "UPDATE webhook_deliveries SET lease_until = 0, next_attempt_at = ? WHERE seq = ? AND generation = ? AND status = 'pending'",
      ),
    };
  }
}
