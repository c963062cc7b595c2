import type { SignedCursors } from './signed-cursors.js';

/** Where a page starts: strictly after or strictly before a row's key. */
export interface PagePosition<Key> {
  readonly direction: 'after' | 'before';
  readonly key: Key;
}

/** Both cursors are always there, null when there is no page that way (ADR 0112). */
export interface KeysetPage<Item> {
  readonly data: Item[];
  readonly nextCursor: string | null;
  readonly previousCursor: string | null;
}

export interface KeysetSource<Row, Key> {
  /** Rows in list order strictly after `key` (from the start when null), at most `count`. */
  after(key: Key | null, count: number): Row[];
  /** Rows strictly before `key`, nearest first (reverse list order), at most `count`. */
  before(key: Key, count: number): Row[];
  keyOf(row: Row): Key;
}

/**
 * A keyset page in either direction. Each page reads one row more than it shows, to know
 * whether the list goes on, and one row on its other side, to know whether it has a previous
 * page; both are index seeks, so a page costs O(page) at any depth. Cursors are signed and
 * bound to the list and its filters (`binding`). Rows are never skipped or repeated: a cursor
 * names the key it continues from, not an offset.
 */
export const keysetPage = <Row, Key, Item>(options: {
  readonly cursors: SignedCursors;
  readonly binding: string;
  readonly cursor: string | undefined;
  readonly limit: number;
  readonly isKey: (value: unknown) => value is Key;
  readonly source: KeysetSource<Row, Key>;
  readonly present: (row: Row) => Item;
}): KeysetPage<Item> => {
  const { cursors, binding, limit, source } = options;
  const isPosition = (value: unknown): value is PagePosition<Key> =>
    typeof value === 'object' &&
    value !== null &&
    ((value as PagePosition<Key>).direction === 'after' || (value as PagePosition<Key>).direction === 'before') &&
    options.isKey((value as PagePosition<Key>).key);
  const position = options.cursor === undefined ? null : cursors.decode(binding, options.cursor, isPosition);

  let rows: Row[];
  let hasNext: boolean;
  let hasPrevious: boolean;
  if (position?.direction === 'before') {
    const read = source.before(position.key, limit + 1);
    rows = read.slice(0, limit).reverse();
    hasPrevious = read.length > limit;
    const last = rows.at(-1);
    hasNext = source.after(last === undefined ? position.key : source.keyOf(last), 1).length > 0;
  } else {
    const read = source.after(position?.key ?? null, limit + 1);
    rows = read.slice(0, limit);
    hasNext = read.length > limit;
    const first = rows[0];
    hasPrevious =
      position !== null && source.before(first === undefined ? position.key : source.keyOf(first), 1).length > 0;
  }
  // An empty page (every row before a cursor was deleted) still continues from the cursor's key.
  const firstKey = rows[0] === undefined ? position?.key : source.keyOf(rows[0]);
  const lastRow = rows.at(-1);
  const lastKey = lastRow === undefined ? position?.key : source.keyOf(lastRow);
  const encode = (direction: PagePosition<Key>['direction'], key: Key) => cursors.encode(binding, { direction, key });
  return {
    data: rows.map(options.present),
    nextCursor: hasNext && lastKey !== undefined ? encode('after', lastKey) : null,
    previousCursor: hasPrevious && firstKey !== undefined ? encode('before', firstKey) : null,
  };
};
