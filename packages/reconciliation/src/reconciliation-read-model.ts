import type BetterSqlite3 from 'better-sqlite3';
import type { ReadModelDatabase } from '@paykit/projections';
import type { ReconciliationDeposit } from './reconciliation-report.js';
import { dayStart, nextDayStart } from './utc-time.js';

/** One project's data, or every project's (`null`: the operator's CLI). */
export type ReportScope = string | null;

export interface DailyRecord {
  readonly day: string;
  readonly kind: 'onramp' | 'offramp';
  readonly payment_method: string;
  readonly chain: string;
  readonly currency: string;
  readonly payout_currency: string;
  readonly orders: number;
  readonly quoted_amount: string;
  readonly payments: number;
  readonly received_amount: string;
  readonly fees: string;
  readonly deliveries_started: number;
  readonly deliveries_completed: number;
  readonly deliveries_failed: number;
  readonly payout_sent_amount: string;
  readonly payout_settled_amount: string;
  readonly refunds: number;
  readonly refunded_amount: string;
}

export interface ExceptionRecordRow {
  readonly kind: string;
  readonly subject: string;
  readonly day: string;
  readonly order_id: string | null;
  readonly chain: string | null;
  readonly tx_id: string | null;
  readonly details: string;
}

/** An order waiting for something since an instant: delivery after payment, or settlement of its payout. */
export interface OpenItem {
  readonly orderId: string;
  readonly kind: 'onramp' | 'offramp';
  readonly since: string;
}

/** An authorization of the range with the run's card it was made on (null columns: no run recorded the card). */
export interface CardAuthorizationRow {
  readonly card_id: string;
  readonly run_id: string | null;
  readonly last4: string | null;
  readonly cap: string | null;
  readonly day: string;
  readonly amount: string;
  readonly currency: string;
  readonly approved: number;
}

/** Where a deposits page continues: strictly after (or before) this day and position. */
export interface DepositKey {
  readonly day: string;
  readonly seq: number;
}

interface DepositRecordRow {
  readonly day: string;
  readonly seq: number;
  readonly chain: string;
  readonly tx_id: string;
  readonly order_id: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly memo: string | null;
  readonly recorded: number;
  readonly observed: number;
}

type Statement = BetterSqlite3.Statement<unknown[]>;

/** The same query for one project (`project_id = ?` first) or for all; each uses its own index. */
interface Scoped {
  readonly project: Statement;
  readonly all: Statement;
}

const DEPOSIT_COLUMNS = 'day, seq, chain, tx_id, order_id, amount, currency, memo, recorded, observed';

/**
 * Index-backed reads of the reconciliation projection. A report costs O(days x groups +
 * exceptions + open orders) of its range; a deposits page costs O(page).
 */
export class ReconciliationReadModel {
  private statements: ReturnType<ReconciliationReadModel['prepare']> | null = null;

  constructor(private readonly db: ReadModelDatabase) {}

  dailyRecords(scope: ReportScope, from: string, to: string): DailyRecord[] {
    return this.run(this.prepared().daily, scope, from, to) as DailyRecord[];
  }

  exceptionRecords(scope: ReportScope, from: string, to: string): ExceptionRecordRow[] {
    return this.run(this.prepared().exceptions, scope, from, to) as ExceptionRecordRow[];
  }

  /** The issuer's authorizations of the range, oldest first, with the card a run recorded. */
  cardAuthorizations(scope: ReportScope, from: string, to: string): CardAuthorizationRow[] {
    return this.run(this.prepared().cardAuthorizations, scope, from, to) as CardAuthorizationRow[];
  }

  /** Orders paid in the range and still waiting for delivery (the builder judges which are late). */
  undelivered(scope: ReportScope, from: string, to: string): OpenItem[] {
    return this.run(this.prepared().undelivered, scope, dayStart(from), nextDayStart(to)) as OpenItem[];
  }

  /** Offramp payouts sent in the range and not yet settled or failed. */
  payoutsPending(scope: ReportScope, from: string, to: string): OpenItem[] {
    return this.run(this.prepared().payoutsPending, scope, dayStart(from), nextDayStart(to)) as OpenItem[];
  }

  /** Deposits of the range in (day, position) order, strictly after `key` (from the start when null). */
  depositsAfter(
    scope: ReportScope,
    from: string,
    to: string,
    key: DepositKey | null,
    count: number,
  ): (ReconciliationDeposit & DepositKey)[] {
    const start = key ?? { day: from, seq: -1 };
    return (
      this.run(this.prepared().depositsAfter, scope, start.day, start.seq, from, to, count) as DepositRecordRow[]
    ).map(toDeposit);
  }

  /** Deposits of the range strictly before `key`, nearest first. */
  depositsBefore(
    scope: ReportScope,
    from: string,
    to: string,
    key: DepositKey,
    count: number,
  ): (ReconciliationDeposit & DepositKey)[] {
    return (
      this.run(this.prepared().depositsBefore, scope, key.day, key.seq, from, to, count) as DepositRecordRow[]
    ).map(toDeposit);
  }

  /** Every deposit address offramp orders named, per chain: what the deposit observer watches. */
  watchedAddresses(): { readonly chain: string; readonly address: string }[] {
    return this.prepared().watched.all() as { chain: string; address: string }[];
  }

  private run(statement: Scoped, scope: ReportScope, ...parameters: unknown[]): unknown[] {
    return scope === null ? statement.all.all(...parameters) : statement.project.all(scope, ...parameters);
  }

  private prepared() {
    this.statements ??= this.prepare();
    return this.statements;
  }

  private prepare() {
    const scoped = (sql: (where: string) => string): Scoped => ({
      project: this.db.prepare<unknown[]>(sql('project_id = ? AND')),
      all: this.db.prepare<unknown[]>(sql('')),
    });
    const open = (column: string) =>
      scoped(
        (where) => `SELECT order_id AS orderId, kind, ${column} AS since FROM recon_orders
          WHERE ${where} ${column} >= ? AND ${column} < ? ORDER BY ${column}, order_id`,
      );
    return {
      daily: scoped(
        (where) => `SELECT g.kind, g.payment_method, g.chain, g.currency, g.payout_currency, d.*
          FROM recon_groups g JOIN recon_daily d ON d.group_id = g.group_id
          WHERE ${where.replace('project_id', 'g.project_id')} d.day >= ? AND d.day <= ?`,
      ),
      exceptions: scoped(
        (where) => `SELECT kind, subject, day, order_id, chain, tx_id, details FROM recon_exceptions
          WHERE ${where} day >= ? AND day <= ? ORDER BY day, seq, kind, subject`,
      ),
      cardAuthorizations: scoped(
        (where) => `SELECT a.card_id, c.run_id, c.last4, c.cap, a.day, a.amount, a.currency, a.approved
          FROM recon_card_authorizations a LEFT JOIN recon_agent_cards c ON c.card_id = a.card_id
          WHERE ${where.replace('project_id', 'a.project_id')} a.day >= ? AND a.day <= ? ORDER BY a.day, a.seq`,
      ),
      undelivered: open('undelivered_since'),
      payoutsPending: open('payout_pending_since'),
      depositsAfter: scoped(
        (where) => `SELECT ${DEPOSIT_COLUMNS} FROM recon_deposits
          WHERE ${where} (day, seq) > (?, ?) AND day >= ? AND day <= ? ORDER BY day, seq LIMIT ?`,
      ),
      depositsBefore: scoped(
        (where) => `SELECT ${DEPOSIT_COLUMNS} FROM recon_deposits
          WHERE ${where} (day, seq) < (?, ?) AND day >= ? AND day <= ? ORDER BY day DESC, seq DESC LIMIT ?`,
      ),
      watched: this.db.prepare<unknown[]>(
        'SELECT DISTINCT chain, address FROM recon_deposit_addresses ORDER BY chain, address',
      ),
    };
  }
}

const toDeposit = (row: DepositRecordRow): ReconciliationDeposit & DepositKey => ({
  day: row.day,
  seq: Number(row.seq),
  chain: row.chain,
  txId: row.tx_id,
  orderId: row.order_id,
  amount: row.amount,
  currency: row.currency,
  memo: row.memo,
  recorded: row.recorded === 1,
  observed: row.observed === 1,
});
