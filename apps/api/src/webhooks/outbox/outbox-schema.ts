/**
 * The tables of `webhooks.db`. `webhook_endpoints` is a read model (the list, and where the
 * outbox routes events); the other three are the outbox: messages and deliveries are inserted
 * by the projection, with its checkpoint, and so are attempts and outcomes, from the deliveries'
 * shared streams; they are never dropped or rebuilt. The delivery worker keeps only its local
 * lease (`lease_until`) and a message's rendered payload here.
 */
export const ENDPOINTS_TABLE = 'webhook_endpoints';

export const OUTBOX_SCHEMA = `
  CREATE TABLE IF NOT EXISTS webhook_endpoints (
    endpoint_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    url TEXT NOT NULL,
    event_types TEXT NOT NULL,
    description TEXT,
    sealed_secret TEXT NOT NULL,
    previous_sealed_secret TEXT,
    previous_secret_expires_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS webhook_endpoints_by_project ON webhook_endpoints (project_id, seq);

  CREATE TABLE IF NOT EXISTS webhook_messages (
    message_id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    type TEXT NOT NULL,
    stream_name TEXT NOT NULL,
    revision INTEGER NOT NULL,
    occurred_at TEXT NOT NULL,
    payload TEXT
  ) STRICT;

  CREATE TABLE IF NOT EXISTS webhook_deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    status TEXT NOT NULL,
    attempt_count INTEGER NOT NULL DEFAULT 0,
    cycle_attempts INTEGER NOT NULL DEFAULT 0,
    cycle_started_at INTEGER,
    next_attempt_at INTEGER,
    next_trigger TEXT NOT NULL DEFAULT 'scheduled',
    lease_until INTEGER NOT NULL DEFAULT 0,
    generation INTEGER NOT NULL DEFAULT 0,
    delivered_at TEXT,
    UNIQUE (endpoint_id, message_id)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
  CREATE INDEX IF NOT EXISTS webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, seq);
  CREATE INDEX IF NOT EXISTS webhook_deliveries_by_endpoint_status ON webhook_deliveries (endpoint_id, status, seq);

  CREATE TABLE IF NOT EXISTS webhook_attempts (
    attempt_id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_seq INTEGER NOT NULL,
    attempt_number INTEGER NOT NULL,
    trigger TEXT NOT NULL,
    started_at TEXT NOT NULL,
    duration_ms INTEGER NOT NULL,
    status_code INTEGER,
    error TEXT,
    outcome TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS webhook_attempts_by_delivery ON webhook_attempts (delivery_seq, attempt_id);
`;
