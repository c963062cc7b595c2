import type { ReadModelDatabase } from '@paykit/projections';

/** What the wallets read models use of a prepared statement (positional parameters). */
export interface ReadModelStatement {
  run(...parameters: unknown[]): unknown;
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
}

/** Prepares a projection's statement (in its `statements`, where its tables exist). */
export const prepareStatement = (db: ReadModelDatabase, sql: string): ReadModelStatement => db.prepare<unknown[]>(sql);

/**
 * A read model's query, prepared once its projection has created the table (the runner sets
 * tables up as the app starts); null until then, which reads as "nothing there yet".
 */
export const preparedOnceReady = (db: ReadModelDatabase, sql: string): ReadModelStatement | null => {
  try {
    return prepareStatement(db, sql);
  } catch (error) {
    if (error instanceof Error && /no such table/.test(error.message)) return null;
    throw error;
  }
};
