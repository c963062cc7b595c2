import type BetterSqlite3 from 'better-sqlite3';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';

/**
 * A rebuild that has not written a heartbeat for this long is abandoned (its process died):
 * another process may take it over.
 */
export const REBUILD_LEASE_TTL_MS = 30_000;

/** Who is rebuilding a projection side by side, and how far it has got. */
export interface RebuildLease {
  readonly name: string;
  /** `host:pid:random` of the rebuilding process. */
  readonly owner: string;
  /** The build being made, as `buildLabel` names it. */
  readonly target: string;
  /** The shadow read model's checkpoint and the head it is heading for, at the last heartbeat. */
  readonly position: bigint;
  readonly head: bigint;
  readonly startedAt: number;
  readonly heartbeatAt: number;
}

interface LeaseRow {
  readonly name: string;
  readonly owner: string;
  readonly target: string;
  readonly position: bigint;
  readonly head: bigint;
  readonly started_at: bigint;
  readonly heartbeat_at: bigint;
}

const toLease = (row: LeaseRow): RebuildLease => ({
  name: row.name,
  owner: row.owner,
  target: row.target,
  position: row.position,
  head: row.head,
  startedAt: Number(row.started_at),
  heartbeatAt: Number(row.heartbeat_at),
});

export const isLeaseAlive = (lease: RebuildLease, now: number): boolean =>
  now - lease.heartbeatAt < REBUILD_LEASE_TTL_MS;

/**
 * The `projection_rebuilds` table, in the read-model database that every process (API instances,
 * the admin CLI) shares: one side-by-side rebuild per projection at a time, and its progress
 * visible to `projections status` in another process.
 */
export class RebuildLeases {
  private readonly selectOne: BetterSqlite3.Statement<[string], LeaseRow>;
  private readonly selectAll: BetterSqlite3.Statement<[], LeaseRow>;

  constructor(private readonly db: ReadModelDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS projection_rebuilds (
      name TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      target TEXT NOT NULL,
      position INTEGER NOT NULL,
      head INTEGER NOT NULL,
      started_at INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL
    ) STRICT`);
    const select = 'SELECT name, owner, target, position, head, started_at, heartbeat_at FROM projection_rebuilds';
    this.selectOne = db.prepare<[string], LeaseRow>(`${select} WHERE name = ?`).safeIntegers(true);
    this.selectAll = db.prepare<[], LeaseRow>(`${select} ORDER BY name`).safeIntegers(true);
  }

  read(name: string): RebuildLease | undefined {
    const row = this.selectOne.get(name);
    return row && toLease(row);
  }

  readAll(): Map<string, RebuildLease> {
    return new Map(this.selectAll.all().map((row) => [row.name, toLease(row)]));
  }

  /** Takes the lease unless another owner holds a live one; returns that holder when it does. */
  claim(name: string, owner: string, target: string, now: number): RebuildLease | null {
    return this.db
      .transaction(() => {
        const holder = this.read(name);
        if (holder && holder.owner !== owner && isLeaseAlive(holder, now)) return holder;
        this.db
          .prepare(
            `INSERT INTO projection_rebuilds (name, owner, target, position, head, started_at, heartbeat_at)
             VALUES (?, ?, ?, 0, 0, ?, ?)
             ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, target = excluded.target, position = 0,
               head = 0, started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at`,
          )
          .run(name, owner, target, now, now);
        return null;
      })
      .immediate();
  }

  heartbeat(name: string, owner: string, progress: { position: bigint; head: bigint }, now: number): void {
    this.db
      .prepare('UPDATE projection_rebuilds SET position = ?, head = ?, heartbeat_at = ? WHERE name = ? AND owner = ?')
      .run(progress.position, progress.head, now, name, owner);
  }

  release(name: string, owner: string): void {
    this.db.prepare('DELETE FROM projection_rebuilds WHERE name = ? AND owner = ?').run(name, owner);
  }
}
