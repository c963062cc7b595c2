import type BetterSqlite3 from 'better-sqlite3';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';

export interface StoredCheckpoint {
  /** Global position of the last event this projection has seen (applied or ignored). */
  readonly position: bigint;
  /** The projection version that wrote the read model. */
  readonly version: number;
  /** The code fingerprint that wrote the read model (null: a projection without one). */
  readonly fingerprint?: string | null;
}

interface CheckpointRow {
  readonly name: string;
  readonly position: bigint;
  readonly version: bigint;
  readonly fingerprint: string | null;
}

/**
 * Whether the stored read model was built by this projection's code: same version, and same
 * fingerprint when both sides have one. A checkpoint written before fingerprints existed (or by
 * a projection that opts out of them) is judged by its version alone.
 */
export const builtBy = (stored: StoredCheckpoint, projection: Projection): boolean =>
  stored.version === projection.version &&
  (stored.fingerprint == null || projection.fingerprint == null || stored.fingerprint === projection.fingerprint);

/** `v3` or `v3/1a2b...`: how status output names the code that built a read model. */
export const buildLabel = (build: { readonly version: number; readonly fingerprint?: string | null }): string =>
  build.fingerprint ? `v${build.version}/${build.fingerprint.slice(0, 8)}` : `v${build.version}`;

const toCheckpoint = (row: CheckpointRow): StoredCheckpoint => ({
  position: row.position,
  version: Number(row.version),
  fingerprint: row.fingerprint,
});

/**
 * The `projection_checkpoints` table. Positions are read with safe integers, so they stay
 * bigints end to end (SQLite INTEGER is signed 64-bit; binding a larger bigint throws).
 */
export class CheckpointTable {
  private readonly selectOne: BetterSqlite3.Statement<[string], CheckpointRow>;
  private readonly selectAll: BetterSqlite3.Statement<[], CheckpointRow>;
  private readonly upsert: BetterSqlite3.Statement<[string, bigint, number, string | null]>;

  constructor(db: ReadModelDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      version INTEGER NOT NULL,
      fingerprint TEXT
    ) STRICT`);
    // Databases written before fingerprints existed: their read models count as built by other code.
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('projection_checkpoints');
    if (!columns.includes('fingerprint')) db.exec('ALTER TABLE projection_checkpoints ADD COLUMN fingerprint TEXT');
    const select = 'SELECT name, position, version, fingerprint FROM projection_checkpoints';
    this.selectOne = db.prepare<[string], CheckpointRow>(`${select} WHERE name = ?`).safeIntegers(true);
    this.selectAll = db.prepare<[], CheckpointRow>(`${select} ORDER BY name`).safeIntegers(true);
    this.upsert = db.prepare<[string, bigint, number, string | null]>(
      `INSERT INTO projection_checkpoints (name, position, version, fingerprint) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET
         position = excluded.position, version = excluded.version, fingerprint = excluded.fingerprint`,
    );
  }

  read(name: string): StoredCheckpoint | undefined {
    const row = this.selectOne.get(name);
    return row && toCheckpoint(row);
  }

  /** Every stored checkpoint by projection name, including those of projections no longer in the code. */
  readAll(): Map<string, StoredCheckpoint> {
    return new Map(this.selectAll.all().map((row) => [row.name, toCheckpoint(row)]));
  }

  write(name: string, checkpoint: StoredCheckpoint): void {
    this.upsert.run(name, checkpoint.position, checkpoint.version, checkpoint.fingerprint ?? null);
  }
}
