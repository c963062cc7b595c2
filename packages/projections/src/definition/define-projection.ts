import type { RecordedEvent } from '@paykit/event-store';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import { codeFingerprint } from './code-fingerprint.js';
import type { Projection } from './projection.js';

export interface ProjectionDefinition<Statements> {
  readonly name: string;
  /** Bump it when code outside this definition that `apply` relies on changes (changes inside it are detected). */
  readonly version: number;
  /** The tables this projection owns; `reset` drops them (their indexes go with them). */
  readonly tables: readonly string[];
  /** DDL run on every start: `CREATE TABLE IF NOT EXISTS ...; CREATE INDEX IF NOT EXISTS ...`. */
  readonly schema: string;
  /** Prepared once per database connection, after the schema exists. */
  readonly statements: (db: ReadModelDatabase) => Statements;
  /** Pure: writes through `statements` only, from nothing but the event. */
  readonly apply: (event: RecordedEvent, statements: Statements) => void;
  /** Optional, pure like `apply`: the same tables as `apply` of each event in turn, written once per batch. */
  readonly applyBatch?: (events: readonly RecordedEvent[], statements: Statements) => void;
  /**
   * Default true: a change to this definition's code rebuilds the read model (side by side)
   * without a version bump. False for tables that are not purely derived (an outbox whose rows
   * other code updates), which must only be rebuilt on a deliberate version bump.
   */
  readonly rebuildWhenCodeChanges?: boolean;
}

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Builds a {@link Projection} whose prepared statements are cached per connection: a
 * projection declares its tables, its DDL and its statements, then writes `apply` as a switch
 * over event types.
 *
 * @example
 * defineProjection({
 *   name: 'orders-list', version: 1, tables: ['orders_list'],
 *   schema: 'CREATE TABLE IF NOT EXISTS orders_list (id TEXT PRIMARY KEY, status TEXT NOT NULL)',
 *   statements: (db) => ({ insert: db.prepare<[string, string]>('INSERT INTO orders_list VALUES (?, ?)') }),
 *   apply: (event, { insert }) => { if (event.type === 'order.created') insert.run(...) },
 * });
 */
export const defineProjection = <Statements>(definition: ProjectionDefinition<Statements>): Projection => {
  const prepared = new WeakMap<ReadModelDatabase, Statements>();
  const statementsFor = (db: ReadModelDatabase): Statements => {
    let statements = prepared.get(db);
    if (statements === undefined) {
      statements = definition.statements(db);
      prepared.set(db, statements);
    }
    return statements;
  };
  return {
    name: definition.name,
    version: definition.version,
    ...(definition.rebuildWhenCodeChanges === false
      ? {}
      : {
          fingerprint: codeFingerprint([
            definition.schema,
            definition.tables.join(','),
            definition.statements.toString(),
            definition.apply.toString(),
            ...(definition.applyBatch ? [definition.applyBatch.toString()] : []),
          ]),
        }),
    setup: (db) => {
      db.exec(definition.schema);
    },
    reset: (db) => {
      prepared.delete(db);
      for (const table of definition.tables) db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
    },
    apply: (db, event) => definition.apply(event, statementsFor(db)),
    ...(definition.applyBatch && {
      applyBatch: (db: ReadModelDatabase, events: readonly RecordedEvent[]) =>
        definition.applyBatch!(events, statementsFor(db)),
    }),
  };
};
