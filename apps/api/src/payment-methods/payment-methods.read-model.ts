import { Inject, Injectable } from '@nestjs/common';
import type { PaymentMethodResponse } from '@paykit/contracts';
import type { ReadModelDatabase } from '@paykit/projections';
import { READ_MODEL_DATABASE } from '../infrastructure/tokens.js';
import type { KeysetSource } from '../http/pagination/keyset-page.js';

const prepare = (db: ReadModelDatabase, sql: string) => db.prepare<unknown[]>(sql);
type Statement = ReturnType<typeof prepare>;

export interface PaymentMethodRow {
  readonly seq: number;
  readonly userLocator: string;
  readonly resource: Omit<PaymentMethodResponse, 'default'>;
}

interface StoredRow {
  readonly seq: number;
  readonly user_locator: string;
  readonly resource: string;
}

const COLUMNS = 'seq, user_locator, resource';

/** Index-backed reads of the payment-methods projection: keyset pages and the user's default. */
@Injectable()
export class PaymentMethodsReadModel {
  private statements: Record<'after' | 'before' | 'userAfter' | 'userBefore' | 'oldestOfUser', Statement> | null = null;

  constructor(@Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase) {}

  /** Rows of a project, or of one user of it, in the order they were saved. */
  source(projectId: string, userLocator: string | undefined): KeysetSource<PaymentMethodRow, number> {
    const s = this.prepared();
    const scope = userLocator === undefined ? [projectId] : [projectId, userLocator];
    const read = (statement: Statement, ...parameters: unknown[]) =>
      (statement.all(...scope, ...parameters) as StoredRow[]).map(toRow);
    return {
      after: (key, count) => read(userLocator === undefined ? s.after : s.userAfter, key ?? -1, count),
      before: (key, count) => read(userLocator === undefined ? s.before : s.userBefore, key, count),
      keyOf: (row) => row.seq,
    };
  }

  /** The id of the user's oldest saved payment method: their default. */
  defaultOf(projectId: string, userLocator: string): string | null {
    const row = this.prepared().oldestOfUser.get(projectId, userLocator) as { payment_method_id: string } | undefined;
    return row?.payment_method_id ?? null;
  }

  private prepared() {
    this.statements ??= {
      after: prepare(
        this.db,
        `SELECT ${COLUMNS} FROM payment_methods WHERE project_id = ? AND seq > ? ORDER BY seq ASC LIMIT ?`,
      ),
      before: prepare(
        this.db,
        `SELECT ${COLUMNS} FROM payment_methods WHERE project_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      ),
      userAfter: prepare(
        this.db,
        `SELECT ${COLUMNS} FROM payment_methods WHERE project_id = ? AND user_locator = ? AND seq > ? ORDER BY seq ASC LIMIT ?`,
      ),
      userBefore: prepare(
        this.db,
        `SELECT ${COLUMNS} FROM payment_methods WHERE project_id = ? AND user_locator = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      ),
      oldestOfUser: prepare(
        this.db,
        'SELECT payment_method_id FROM payment_methods WHERE project_id = ? AND user_locator = ? ORDER BY seq ASC LIMIT 1',
      ),
    };
    return this.statements;
  }
}

const toRow = (row: StoredRow): PaymentMethodRow => ({
  seq: Number(row.seq),
  userLocator: row.user_locator,
  resource: JSON.parse(row.resource) as PaymentMethodRow['resource'],
});
