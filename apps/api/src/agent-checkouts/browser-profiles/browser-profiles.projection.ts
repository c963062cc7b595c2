import type { BrowserProfile as BrowserProfileResponse } from '@paykit/contracts';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import { type KeysetPosition, KeysetReader, type ReadDirection } from '../../http/pagination/newest-first-page.js';
import type { OwnerList } from '../shared/owner-lists.js';
import type { Owner } from '../shared/owner.js';
import { BROWSER_PROFILES_STREAM_PREFIX, type BrowserProfileEvent } from '@paykit/agent-profiles';

export const BROWSER_PROFILES_PROJECTION = 'agent-checkout-browser-profiles';
const TABLE = 'agent_checkout_browser_profiles';

interface BrowserProfileRow extends KeysetPosition {
  readonly label: string | null;
  readonly updatedAt: string;
}

/** A deleted profile whose saved state still has to be erased. */
export interface PendingErasure {
  readonly profileId: string;
  readonly owner: Owner;
}

export const presentBrowserProfile = (profile: {
  readonly id: string;
  readonly label?: string | null | undefined;
  readonly createdAt: string;
  readonly updatedAt: string;
}): BrowserProfileResponse => ({
  id: profile.id,
  ...(profile.label === null || profile.label === undefined ? {} : { label: profile.label }),
  createdAt: profile.createdAt,
  updatedAt: profile.updatedAt,
});

type Statements = Record<'insert' | 'rename' | 'status', Statement>;

/** Browser profiles per owner (live ones are listed), and the deleted ones awaiting erasure. */
export const browserProfilesProjection = defineProjection<Statements>({
  name: BROWSER_PROFILES_PROJECTION,
  version: 1,
  tables: [TABLE],
  schema: `
    CREATE TABLE IF NOT EXISTS ${TABLE} (
      id TEXT PRIMARY KEY, project_id TEXT NOT NULL, owner TEXT NOT NULL, stream_name TEXT NOT NULL,
      label TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, status TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS ${TABLE}_by_owner ON ${TABLE} (project_id, owner, status, created_at, id);
    CREATE INDEX IF NOT EXISTS ${TABLE}_by_status ON ${TABLE} (status);`,
  statements: (db) => ({
    insert: db.prepare(
      `INSERT OR IGNORE INTO ${TABLE} (id, project_id, owner, stream_name, label, created_at, updated_at, status)
       VALUES (@id, @projectId, @owner, @streamName, @label, @createdAt, @createdAt, 'live')`,
    ),
    rename: db.prepare(`UPDATE ${TABLE} SET label = @label, updated_at = @updatedAt WHERE id = @id`),
    status: db.prepare(`UPDATE ${TABLE} SET status = @status WHERE id = @id`),
  }),
  apply: (recorded, statements) => {
    if (!recorded.streamName.startsWith(BROWSER_PROFILES_STREAM_PREFIX)) return;
    const event = { type: recorded.type, data: recorded.data } as BrowserProfileEvent;
    const id = event.data.profileId;
    switch (event.type) {
      case 'BrowserProfileCreated': {
        const { projectId, owner, label, createdAt } = event.data;
        statements.insert.run({
          id,
          projectId,
          owner,
          streamName: recorded.streamName,
          label: label ?? null,
          createdAt,
        });
        return;
      }
      case 'BrowserProfileRenamed':
        statements.rename.run({ id, label: event.data.label, updatedAt: event.data.updatedAt });
        return;
      case 'BrowserProfileDeleted':
        statements.status.run({ id, status: 'deleted' });
        return;
      case 'BrowserProfileStateErased':
        statements.status.run({ id, status: 'erased' });
        return;
      default:
        return;
    }
  },
});

export class BrowserProfileRows implements OwnerList<BrowserProfileResponse> {
  readonly name = 'browser-profiles';
  readonly projection = BROWSER_PROFILES_PROJECTION;
  private readonly reader: KeysetReader<BrowserProfileRow>;
  private pending: Statement | null = null;

  constructor(private readonly db: ReadModelDatabase) {
    this.reader = new KeysetReader(db, {
      table: TABLE,
      scope: "project_id = @projectId AND owner = @subject AND status = 'live'",
      columns: 'id, label, created_at AS createdAt, updated_at AS updatedAt',
    });
  }

  /** One owner's live profiles, newest first. */
  page(owner: Owner, after: KeysetPosition | null, count: number, direction?: ReadDirection): BrowserProfileResponse[] {
    return this.reader
      .read({ projectId: owner.projectId, subject: owner.subject }, after, count, direction)
      .map(presentBrowserProfile);
  }

  /** Deleted profiles whose state is not erased yet, oldest first. */
  pendingErasures(limit: number): PendingErasure[] {
    this.pending ??= this.db.prepare(
      `SELECT id, project_id AS projectId, owner FROM ${TABLE} WHERE status = 'deleted' ORDER BY updated_at, id LIMIT ?`,
    );
    const rows = this.pending.all(limit) as { id: string; projectId: string; owner: string }[];
    return rows.map((row) => ({ profileId: row.id, owner: { projectId: row.projectId, subject: row.owner } }));
  }
}
