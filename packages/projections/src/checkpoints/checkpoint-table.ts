import type BetterSqlite3 from 'better-sqlite3';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';

export interface StoredCheckpoint {
  /** Global position of the last event this projection has seen (applied or ignored). */
  readonly position: bigint;
  /** The projection version that wrote the read model. */
  readonly version: number;
}

interface CheckpointRow {
  readonly position: bigint;
  readonly version: bigint;
}

/**
 * The `projection_checkpoints` table. Positions are read with safe integers, so they stay
 * bigints end to end (SQLite INTEGER is signed 64-bit; binding a larger bigint throws).
 */
export class CheckpointTable {
  private readonly selectOne: BetterSqlite3.Statement<[string], CheckpointRow>;
  private readonly upsert: BetterSqlite3.Statement<[string, bigint, number]>;

  constructor(db: ReadModelDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      version INTEGER NOT NULL
    ) STRICT`);
    this.selectOne = db
      .prepare<[string], CheckpointRow>('SELECT position, version FROM projection_checkpoints WHERE name = ?')
      .safeIntegers(true);
    this.upsert = db.prepare<[string, bigint, number]>(
      `INSERT INTO projection_checkpoints (name, position, version) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version`,
    );
  }

  read(name: string): StoredCheckpoint | undefined {
    const row = this.selectOne.get(name);
    return row && { position: row.position, version: Number(row.version) };
  }

  write(name: string, checkpoint: StoredCheckpoint): void {
    this.upsert.run(name, checkpoint.position, checkpoint.version);
  }
}
