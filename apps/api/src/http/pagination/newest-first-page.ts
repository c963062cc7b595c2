import type { ReadModelDatabase } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import type { SignedCursors } from './signed-cursors.js';
import { type KeysetPage, keysetPage } from './keyset-page.js';

/** Where a newest-first page stopped: the last row's creation time and id (the tie-breaker). */
export interface KeysetPosition {
  readonly createdAt: string;
  readonly id: string;
}

const isKeysetPosition = (value: unknown): value is KeysetPosition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KeysetPosition).createdAt === 'string' &&
  typeof (value as KeysetPosition).id === 'string';

/** Both cursors are always there, null when there is no page that way (ADR 0112). */
export type Page<Item> = KeysetPage<Item>;

/** `after`: older rows than the position (newest first); `before`: newer rows, nearest first. */
export type ReadDirection = 'after' | 'before';

/**
 * A newest-first keyset page in either direction (keysetPage): `fetch` reads one row more than
 * asked, which tells whether the list goes on without counting. Cursors are signed and bound to
 * `binding` (the caller and list), so they cannot be replayed elsewhere.
 */
export const newestFirstPage = <Row extends KeysetPosition, Item>(options: {
  readonly cursors: SignedCursors;
  readonly binding: string;
  readonly cursor: string | undefined;
  readonly limit: number;
  readonly fetch: (from: KeysetPosition | null, count: number, direction: ReadDirection) => Row[];
  readonly present: (row: Row) => Item;
}): Page<Item> =>
  keysetPage({
    cursors: options.cursors,
    binding: options.binding,
    cursor: options.cursor,
    limit: options.limit,
    isKey: isKeysetPosition,
    source: {
      after: (key, count) => options.fetch(key, count, 'after'),
      before: (key, count) => options.fetch(key, count, 'before'),
      keyOf: (row) => ({ createdAt: row.createdAt, id: row.id }),
    },
    present: options.present,
  });

/**
 * Reads a newest-first keyset list over an index on (scope columns..., created_at, id): the
 * first page, the rows strictly after a position (older), or strictly before it (newer, nearest
 * first). The row-value comparison lets SQLite seek the index to the position, so a page costs
 * O(page) however deep it is. `columns` must select `createdAt` and `id`. Statements are
 * prepared on first use, once the projection made the table.
 */
export class KeysetReader<Row extends KeysetPosition> {
  private statements: { first: Statement; after: Statement; before: Statement } | null = null;

  constructor(
    private readonly db: ReadModelDatabase,
    private readonly query: { readonly table: string; readonly scope: string; readonly columns: string },
  ) {}

  read(
    scope: Readonly<Record<string, unknown>>,
    from: KeysetPosition | null,
    count: number,
    direction: ReadDirection = 'after',
  ): Row[] {
    const statements = this.prepared();
    if (from === null) return statements.first.all({ ...scope, count }) as Row[];
    const statement = direction === 'after' ? statements.after : statements.before;
    return statement.all({ ...scope, count, createdAt: from.createdAt, id: from.id }) as Row[];
  }

  private prepared() {
    const { table, scope, columns } = this.query;
    const select = `SELECT ${columns} FROM ${table} WHERE ${scope}`;
    this.statements ??= {
      first: this.db.prepare(`${select} ORDER BY created_at DESC, id DESC LIMIT @count`),
      after: this.db.prepare(
        `${select} AND (created_at, id) < (@createdAt, @id) ORDER BY created_at DESC, id DESC LIMIT @count`,
      ),
      before: this.db.prepare(
        `${select} AND (created_at, id) > (@createdAt, @id) ORDER BY created_at ASC, id ASC LIMIT @count`,
      ),
    };
    return this.statements;
  }
}
