import type { ReadModelDatabase } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';

/** One answered API request, as the Developers page shows it: no body, no header, no key. */
export interface RequestLogEntry {
  readonly requestId: string;
  readonly projectId: string;
  readonly method: string;
  /** The path without its query string. */
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  /** The API key's id and display prefix (`sk_staging_AbCd1234`), never the key. */
  readonly keyId: string;
  readonly keyPrefix: string;
  /** When it was answered (UTC ISO). */
  readonly at: string;
}

const COLUMNS = `request_id AS requestId, project_id AS projectId, method, path, status,
  duration_ms AS durationMs, key_id AS keyId, key_prefix AS keyPrefix, at`;

/**
 * The request log's table: batches in, each project's newest `keptPerProject` kept, reads by
 * project. A project is pruned on its first batch and then once per tenth of `keptPerProject`
 * new entries (a prune walks the project's index down to the bound), so it holds at most
 * `keptPerProject` plus a tenth.
 */
export class RequestLogStore {
  private readonly statements: Record<'insert' | 'prune' | 'byRequestId' | 'newest', Statement>;
  /** Entries appended per project since its last prune. */
  private readonly sincePrune = new Map<string, number>();
  private readonly pruneEvery: number;

  constructor(
    private readonly db: ReadModelDatabase,
    private readonly keptPerProject: number,
  ) {
    this.pruneEvery = Math.max(1, Math.floor(keptPerProject / 10));
    db.exec(`
      CREATE TABLE IF NOT EXISTS request_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, request_id TEXT NOT NULL,
        method TEXT NOT NULL, path TEXT NOT NULL, status INTEGER NOT NULL, duration_ms REAL NOT NULL,
        key_id TEXT NOT NULL, key_prefix TEXT NOT NULL, at TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS request_log_by_id ON request_log (project_id, request_id);
      CREATE INDEX IF NOT EXISTS request_log_by_project ON request_log (project_id, seq);`);
    this.statements = {
      insert: db.prepare(
        `INSERT INTO request_log (project_id, request_id, method, path, status, duration_ms, key_id, key_prefix, at)
         VALUES (@projectId, @requestId, @method, @path, @status, @durationMs, @keyId, @keyPrefix, @at)`,
      ),
      // Every entry at or below the first one past the kept (none when the project has no more).
      prune: db.prepare(
        `DELETE FROM request_log WHERE project_id = @projectId AND seq <= (
           SELECT seq FROM request_log WHERE project_id = @projectId ORDER BY seq DESC LIMIT 1 OFFSET @kept)`,
      ),
      byRequestId: db.prepare(
        `SELECT ${COLUMNS} FROM request_log WHERE project_id = ? AND request_id = ? ORDER BY seq DESC LIMIT 50`,
      ),
      newest: db.prepare(`SELECT ${COLUMNS} FROM request_log WHERE project_id = ? ORDER BY seq DESC LIMIT ?`),
    };
  }

  /** Writes the batch in one transaction, with the prunes it makes due. */
  append(batch: readonly RequestLogEntry[]): void {
    const counts = new Map<string, number>();
    for (const entry of batch) counts.set(entry.projectId, (counts.get(entry.projectId) ?? 0) + 1);
    const due = [...counts].filter(([projectId, count]) => {
      const since = this.sincePrune.get(projectId);
      return since === undefined || since + count >= this.pruneEvery;
    });
    this.db.transaction(() => {
      for (const entry of batch) this.statements.insert.run(entry);
      for (const [projectId] of due) this.statements.prune.run({ projectId, kept: this.keptPerProject });
    })();
    for (const [projectId, count] of counts)
      this.sincePrune.set(projectId, (this.sincePrune.get(projectId) ?? 0) + count);
    for (const [projectId] of due) this.sincePrune.set(projectId, 0);
  }

  /** The project's entries with this request id, newest first (a caller may send one id twice). */
  byRequestId(projectId: string, requestId: string): RequestLogEntry[] {
    return this.statements.byRequestId.all(projectId, requestId) as RequestLogEntry[];
  }

  newest(projectId: string, limit: number): RequestLogEntry[] {
    return this.statements.newest.all(projectId, limit) as RequestLogEntry[];
  }
}
