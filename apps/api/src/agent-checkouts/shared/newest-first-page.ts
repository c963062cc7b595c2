import type { ReadModelDatabase } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';

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

export interface Page<Item> {
  readonly data: Item[];
  readonly nextCursor?: string;
}

/**
 * A newest-first keyset page: `fetch(after, limit + 1)` reads one row more than asked, which
 * tells whether a next page exists without counting. The cursor is signed and bound to
 * `binding` (the caller and list), so it cannot be replayed elsewhere.
 */
export const newestFirstPage = <Row extends KeysetPosition, Item>(options: {
  readonly cursors: SignedCursors;
  readonly binding: string;
  readonly cursor: string | undefined;
  readonly limit: number;
  readonly fetch: (after: KeysetPosition | null, count: number) => Row[];
  readonly present: (row: Row) => Item;
}): Page<Item> => {
  const after =
    options.cursor === undefined ? null : options.cursors.decode(options.binding, options.cursor, isKeysetPosition);
  const rows = options.fetch(after, options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const data = page.map(options.present);
  return rows.length > options.limit && last
    ? { data, nextCursor: options.cursors.encode(options.binding, { createdAt: last.createdAt, id: last.id }) }
    : { data };
};

/**
 * Reads a newest-first keyset list over an index on (scope columns..., created_at, id): the
 * first page, or the rows strictly after a position. The row-value comparison lets SQLite seek
 * the index to the position, so a page costs O(page) however deep it is. `columns` must select
 * `createdAt` and `id`. Statements are prepared on first use, once the projection made the table.
 */
export class KeysetReader<Row extends KeysetPosition> {
  private statements: { first: Statement; after: Statement } | null = null;

  constructor(
    private readonly db: ReadModelDatabase,
    private readonly query: { readonly table: string; readonly scope: string; readonly columns: string },
  ) {}

  read(scope: Readonly<Record<string, unknown>>, after: KeysetPosition | null, count: number): Row[] {
    const { first, after: next } = this.prepared();
    return (
      after === null
        ? first.all({ ...scope, count })
        : next.all({ ...scope, count, createdAt: after.createdAt, id: after.id })
    ) as Row[];
  }

  private prepared() {
    const { table, scope, columns } = this.query;
    const order = 'ORDER BY created_at DESC, id DESC LIMIT @count';
    this.statements ??= {
      first: this.db.prepare(`SELECT ${columns} FROM ${table} WHERE ${scope} ${order}`),
      after: this.db.prepare(
        `SELECT ${columns} FROM ${table} WHERE ${scope} AND (created_at, id) < (@createdAt, @id) ${order}`,
      ),
    };
    return this.statements;
  }
}
