import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from '../port.js';
import { WrongExpectedRevisionError, revisionMatches } from '../port.js';
import type { NewEventRow, Statements } from './event-rows.js';
import type { Outcome } from './group-commit.js';

export interface AppendRequest {
  readonly streamName: string;
  readonly expectedRevision: ExpectedRevision;
  readonly events: readonly NewEventRow[];
}

/** One append's outcome inside a batch: it committed with the others, or it failed alone. */
type AppendOutcome = Outcome<AppendResult>;

/**
 * Writes a batch of appends in ONE write transaction (one commit, one fsync). Each append runs
 * in its own savepoint and checks its expected revision against what the transaction sees,
 * which includes the appends before it in the same batch: a conflicting or failing append rolls
 * back alone and the others commit. If the transaction itself fails (the write lock cannot be
 * taken, the commit cannot be written), `write` throws and nothing of the batch is stored.
 */
export class BatchWriter {
  private readonly appendInSavepoint: Database.Transaction<(request: AppendRequest) => AppendResult>;
  private readonly appendAll: Database.Transaction<(batch: readonly AppendRequest[]) => AppendOutcome[]>;

  constructor(
    private readonly db: Database.Database,
    private readonly statements: Statements,
  ) {
    // better-sqlite3 runs a transaction function called inside another one as a savepoint.
    this.appendInSavepoint = db.transaction((request: AppendRequest) => this.append(request));
    this.appendAll = db.transaction((batch: readonly AppendRequest[]) => batch.map((request) => this.attempt(request)));
  }

  write(batch: readonly AppendRequest[]): AppendOutcome[] {
    const [single] = batch;
    if (batch.length === 1 && single) {
      // Alone in its transaction: the transaction is the unit, no savepoint needed.
      try {
        return [{ ok: true, result: this.appendInSavepoint.immediate(single) }];
      } catch (error) {
        return [{ ok: false, error }];
      }
    }
    return this.appendAll.immediate(batch);
  }

  private attempt(request: AppendRequest): AppendOutcome {
    try {
      return { ok: true, result: this.appendInSavepoint(request) };
    } catch (error) {
      // Some failures (disk full, I/O) roll back the whole transaction: then the batch is lost.
      if (!this.db.inTransaction) throw error;
      return { ok: false, error };
    }
  }

  private append({ streamName, expectedRevision, events }: AppendRequest): AppendResult {
    const last = this.statements.lastRevision.get(streamName);
    const actual = last ?? 'no_stream';
    if (!revisionMatches(expectedRevision, actual)) {
      throw new WrongExpectedRevisionError(streamName, expectedRevision, actual);
    }
    if (events.length === 0) return { nextExpectedRevision: last ?? -1n, position: this.statements.head.get() ?? 0n };
    let revision = last ?? -1n;
    let position = 0n;
    for (const event of events) {
      revision++;
      const { lastInsertRowid } = this.statements.insert.run(
        streamName,
        revision,
        event.type,
        event.data,
        event.metadata,
      );
      position = BigInt(lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  }
}
