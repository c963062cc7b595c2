import { Injectable } from '@nestjs/common';
import type { WebhookEndpointResponse } from '@paykit/contracts';
import type { ReadModelDatabase } from '@paykit/projections';
import type { KeysetSource } from '../../http/pagination/keyset-page.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';

interface EndpointRow {
  readonly endpoint_id: string;
  readonly seq: number;
  readonly url: string;
  readonly event_types: string;
  readonly description: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface ListedEndpoint {
  readonly seq: number;
  readonly endpoint: WebhookEndpointResponse;
}

const COLUMNS = 'endpoint_id, seq, url, event_types, description, created_at, updated_at';

const toListed = (row: EndpointRow): ListedEndpoint => ({
  seq: Number(row.seq),
  endpoint: {
    id: row.endpoint_id,
    url: row.url,
    eventTypes: JSON.parse(row.event_types) as WebhookEndpointResponse['eventTypes'],
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  },
});

/** Index-backed reads of the outbox's endpoints table: a project's endpoints in the order they were created. */
@Injectable()
export class EndpointsReadModel {
  private statements: ReturnType<EndpointsReadModel['prepare']> | null = null;

  constructor(private readonly outbox: WebhooksOutbox) {}

  source(projectId: string): KeysetSource<ListedEndpoint, number> {
    const s = this.prepared();
    return {
      after: (key, count) => (s.after.all(projectId, key ?? -1, count) as EndpointRow[]).map(toListed),
      before: (key, count) => (s.before.all(projectId, key, count) as EndpointRow[]).map(toListed),
      keyOf: (row) => row.seq,
    };
  }

  /** The endpoint if it exists and belongs to the project (the outbox's view of it). */
  find(projectId: string, endpointId: string): WebhookEndpointResponse | null {
    const row = this.prepared().one.get(endpointId, projectId) as EndpointRow | undefined;
    return row ? toListed(row).endpoint : null;
  }

  private prepared() {
    this.statements ??= this.prepare(this.outbox.db);
    return this.statements;
  }

  private prepare(db: ReadModelDatabase) {
    return {
      after: db.prepare(
        `SELECT ${COLUMNS} FROM webhook_endpoints WHERE project_id = ? AND seq > ? ORDER BY seq ASC LIMIT ?`,
      ),
      before: db.prepare(
        `SELECT ${COLUMNS} FROM webhook_endpoints WHERE project_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      ),
      one: db.prepare(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE endpoint_id = ? AND project_id = ?`),
    };
  }
}
