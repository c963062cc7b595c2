import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import type { WebhookEventType } from '@paykit/webhooks';
import type { KeysetSource } from '../../http/pagination/keyset-page.js';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { WEBHOOK_EVENTS_PROJECTION } from './webhook-events.projection.js';

const CATCH_UP_WAIT_MS = 2_000;

/** Where a page stopped: the store position of the source event, and the message id (one event can raise two). */
export interface EventKey {
  readonly position: string;
  readonly id: string;
}

export const isEventKey = (value: unknown): value is EventKey =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EventKey).position === 'string' &&
  /^\d+$/.test((value as EventKey).position) &&
  typeof (value as EventKey).id === 'string';

export interface WebhookEventRow extends EventKey {
  readonly type: WebhookEventType;
  readonly streamName: string;
  readonly revision: bigint;
  readonly occurredAt: string;
}

interface StoredRow {
  readonly message_id: string;
  readonly type: string;
  readonly stream_name: string;
  readonly revision: number | bigint;
  readonly occurred_at: string;
  readonly position: number | bigint;
}

const toRow = (row: StoredRow): WebhookEventRow => ({
  id: row.message_id,
  position: String(row.position),
  type: row.type as WebhookEventType,
  streamName: row.stream_name,
  revision: BigInt(row.revision),
  occurredAt: row.occurred_at,
});

const sqlOf = (typed: boolean, order: 'older' | 'newer'): string => {
  const where = ['project_id = @projectId'];
  if (typed) where.push('type = @type');
  where.push(
    order === 'older' ? '(position, message_id) < (@position, @id)' : '(position, message_id) > (@position, @id)',
  );
  const direction = order === 'older' ? 'DESC' : 'ASC';
  return `SELECT message_id, type, stream_name, revision, occurred_at, position FROM webhook_events
    WHERE ${where.join(' AND ')} ORDER BY position ${direction}, message_id ${direction} LIMIT @count`;
};

/** A project's webhook events newest first, all or of one type: each an index seek, a page O(page). */
@Injectable()
export class WebhookEventsReadModel {
  private readonly statements = new Map<string, ReturnType<ReadModelDatabase['prepare']>>();

  constructor(
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsHost,
  ) {}

  async catchUp(): Promise<void> {
    await this.projections.waitFor(await this.store.headPosition(), CATCH_UP_WAIT_MS, WEBHOOK_EVENTS_PROJECTION);
  }

  source(projectId: string, type: WebhookEventType | undefined): KeysetSource<WebhookEventRow, EventKey> {
    const read = (order: 'older' | 'newer', key: EventKey, count: number): WebhookEventRow[] => {
      const sql = sqlOf(type !== undefined, order);
      let statement = this.statements.get(sql);
      if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
      const rows = statement.all({ projectId, type: type ?? null, position: BigInt(key.position), id: key.id, count });
      return (rows as StoredRow[]).map(toRow);
    };
    return {
      after: (key, count) => read('older', key ?? { position: String(Number.MAX_SAFE_INTEGER), id: '' }, count),
      before: (key, count) => read('newer', key, count),
      keyOf: (row) => ({ position: row.position, id: row.id }),
    };
  }
}
