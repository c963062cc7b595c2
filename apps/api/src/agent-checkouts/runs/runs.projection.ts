import {
  CHECKOUT_RUN_STREAM_PREFIX,
  type CheckoutRun,
  type CheckoutRunEvent,
  type CheckoutRunState,
  type RunStatus,
  checkoutRunDecider,
} from '@paykit/checkout-runs';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import { type KeysetPosition, KeysetReader, type ReadDirection } from '../../http/pagination/newest-first-page.js';
import type { OwnerList } from '../shared/owner-lists.js';
import type { Owner } from '../shared/owner.js';

export const RUNS_PROJECTION = 'agent-checkout-runs';
const TABLE = 'agent_checkout_runs';

interface RunRow extends KeysetPosition {
  readonly state: string;
}

/** Which of a project's runs a project-wide list shows: all, or those of one status and/or one owner. */
export interface ProjectRunsFilter {
  readonly status?: RunStatus | undefined;
  /** An owner subject (`service`, `user:<id>`). */
  readonly owner?: string | undefined;
}

const COLUMNS = 'id, created_at AS createdAt, state';

type Statements = Record<'find' | 'upsert', Statement>;

/**
 * Every run folded with the decider's own `evolve`, one row per run: its owner and creation
 * time for newest-first lists, its status for the erasure worker, the folded state for the
 * snapshot. A row stores the revision it reflects, so an event already folded is skipped.
 */
export const runsProjection = defineProjection<Statements>({
  name: RUNS_PROJECTION,
  version: 2,
  tables: [TABLE],
  schema: `
    CREATE TABLE IF NOT EXISTS ${TABLE} (
      id TEXT PRIMARY KEY, project_id TEXT NOT NULL, owner TEXT NOT NULL, created_at TEXT NOT NULL,
      status TEXT NOT NULL, revision INTEGER NOT NULL, state TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS ${TABLE}_by_owner ON ${TABLE} (project_id, owner, created_at, id);
    CREATE INDEX IF NOT EXISTS ${TABLE}_by_project ON ${TABLE} (project_id, created_at, id);
    CREATE INDEX IF NOT EXISTS ${TABLE}_by_status ON ${TABLE} (project_id, status, created_at, id);`,
  statements: (db) => ({
    find: db.prepare(`SELECT revision, state FROM ${TABLE} WHERE id = ?`),
    upsert: db.prepare(
      `INSERT INTO ${TABLE} (id, project_id, owner, created_at, status, revision, state)
       VALUES (@id, @projectId, @owner, @createdAt, @status, @revision, @state)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, revision = excluded.revision, state = excluded.state`,
    ),
  }),
  apply: (recorded, statements) => {
    if (!recorded.streamName.startsWith(CHECKOUT_RUN_STREAM_PREFIX)) return;
    const runId = recorded.streamName.slice(CHECKOUT_RUN_STREAM_PREFIX.length);
    const row = statements.find.get(runId) as { revision: number; state: string } | undefined;
    if (row && row.revision >= Number(recorded.revision)) return;
    const before: CheckoutRunState = row ? (JSON.parse(row.state) as CheckoutRun) : checkoutRunDecider.initialState();
    const after = checkoutRunDecider.evolve(before, { type: recorded.type, data: recorded.data } as CheckoutRunEvent);
    if (!after.exists) return;
    statements.upsert.run({
      id: after.runId,
      projectId: after.projectId,
      owner: after.owner,
      createdAt: after.createdAt,
      status: after.status,
      revision: after.revision,
      state: JSON.stringify(after),
    });
  },
});

const toRunRow = (row: RunRow): KeysetPosition & { run: CheckoutRun } => ({
  id: row.id,
  createdAt: row.createdAt,
  run: JSON.parse(row.state) as CheckoutRun,
});

/** Reads of the runs projection. */
export class RunRows implements OwnerList<KeysetPosition & { run: CheckoutRun }> {
  readonly name = 'runs';
  readonly projection = RUNS_PROJECTION;
  private readonly reader: KeysetReader<RunRow>;
  /** Project-wide readers, one per combination of filters (each over its index). */
  private readonly projectReaders = new Map<string, KeysetReader<RunRow>>();
  private statusStatement: Statement | null = null;

  constructor(private readonly db: ReadModelDatabase) {
    this.reader = new KeysetReader(db, {
      table: TABLE,
      scope: 'project_id = @projectId AND owner = @subject',
      columns: COLUMNS,
    });
  }

  /** One owner's runs, newest first. */
  page(
    owner: Owner,
    after: KeysetPosition | null,
    count: number,
    direction?: ReadDirection,
  ): (KeysetPosition & { run: CheckoutRun })[] {
    return this.reader
      .read({ projectId: owner.projectId, subject: owner.subject }, after, count, direction)
      .map(toRunRow);
  }

  /** A project's runs, every owner's, newest first: the operators' console lists them so. */
  projectPage(
    projectId: string,
    filter: ProjectRunsFilter,
    after: KeysetPosition | null,
    count: number,
    direction?: ReadDirection,
  ): (KeysetPosition & { run: CheckoutRun })[] {
    const scope = [
      'project_id = @projectId',
      ...(filter.status ? ['status = @status'] : []),
      ...(filter.owner ? ['owner = @owner'] : []),
    ].join(' AND ');
    let reader = this.projectReaders.get(scope);
    if (!reader) {
      reader = new KeysetReader(this.db, { table: TABLE, scope, columns: COLUMNS });
      this.projectReaders.set(scope, reader);
    }
    const parameters = {
      projectId,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.owner ? { owner: filter.owner } : {}),
    };
    return reader.read(parameters, after, count, direction).map(toRunRow);
  }

  /** The status the projection has for a run, or null when it has not seen the run (yet). */
  statusOf(runId: string): RunStatus | null {
    this.statusStatement ??= this.db.prepare(`SELECT status FROM ${TABLE} WHERE id = ?`);
    return (this.statusStatement.get(runId) as { status: RunStatus } | undefined)?.status ?? null;
  }
}
