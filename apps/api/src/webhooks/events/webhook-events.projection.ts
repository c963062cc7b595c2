import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import { webhookMessagesOf } from '@paykit/webhooks';

export const WEBHOOK_EVENTS_PROJECTION = 'webhook-events';

const prepare = (db: ReadModelDatabase, sql: string) => db.prepare<unknown[]>(sql);

/**
 * Every webhook message a project's events raise, whether or not an endpoint subscribes to it
 * (the outbox keeps only those it delivers): the events list (ADR 0812). A message id is the
 * `webhook-id` its deliveries carry. Purely derived from `$all`, so rebuilt at will.
 */
export const webhookEventsProjection = defineProjection<{ insert: ReturnType<typeof prepare> }>({
  name: WEBHOOK_EVENTS_PROJECTION,
  version: 1,
  tables: ['webhook_events'],
  schema: `
    CREATE TABLE IF NOT EXISTS webhook_events (
      message_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      type TEXT NOT NULL,
      stream_name TEXT NOT NULL,
      revision INTEGER NOT NULL,
      occurred_at TEXT NOT NULL,
      position INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS webhook_events_by_project ON webhook_events (project_id, position);
    CREATE INDEX IF NOT EXISTS webhook_events_by_type ON webhook_events (project_id, type, position);
  `,
  statements: (db) => ({
    insert: prepare(
      db,
      `INSERT OR IGNORE INTO webhook_events (message_id, project_id, type, stream_name, revision, occurred_at, position)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
  }),
  apply: (event, { insert }) => {
    for (const { messageId, projectId, type, source, occurredAt } of webhookMessagesOf(event))
      insert.run(messageId, projectId, type, source.streamName, source.revision, occurredAt, event.position);
  },
});
