import { Decimal } from '@paykit/kernel';
import type BetterSqlite3 from 'better-sqlite3';
import type { ReadModelDatabase } from '@paykit/projections';
import { AgentCardWrites } from './agent-card-writes.js';

/** A recon_orders row as the projection reads and rewrites it. */
export interface OrderRow {
  order_id: string;
  project_id: string;
  group_id: number;
  kind: 'onramp' | 'offramp';
  chain: string;
  currency: string;
  created_day: string;
  quoted_amount: string;
  fees: string;
  deposit_address: string | null;
  memo: string | null;
  paid_at: string | null;
  refunded: number;
  undelivered_since: string | null;
  payout_pending_since: string | null;
  deliveries: string;
}

/** The report row an order counts in. */
export interface OrderGroup {
  readonly projectId: string;
  readonly kind: 'onramp' | 'offramp';
  readonly paymentMethod: string;
  readonly chain: string;
  readonly currency: string;
  readonly payoutCurrency: string;
}

/** What one event adds to its day's bucket; absent fields add nothing. */
export interface DailyIncrement {
  readonly orders?: number;
  readonly quotedAmount?: string;
  readonly payments?: number;
  readonly receivedAmount?: string;
  readonly fees?: string;
  readonly deliveriesStarted?: number;
  readonly deliveriesCompleted?: number;
  readonly deliveriesFailed?: number;
  readonly payoutSentAmount?: string;
  readonly payoutSettledAmount?: string;
  readonly refunds?: number;
  readonly refundedAmount?: string;
}

export interface DepositRecord {
  readonly projectId: string;
  readonly chain: string;
  readonly txId: string;
  readonly day: string;
  readonly seq: bigint;
  readonly orderId: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly memo: string | null;
  readonly recorded: boolean;
  readonly observed: boolean;
}

export interface ExceptionRecord {
  readonly projectId: string;
  readonly kind: string;
  readonly subject: string;
  readonly day: string;
  readonly seq: bigint;
  readonly orderId?: string;
  readonly chain?: string;
  readonly txId?: string;
  readonly details: Readonly<Record<string, string>>;
}

type Statement = BetterSqlite3.Statement<unknown[]>;

type StatementName =
  | 'groupOf'
  | 'insertGroup'
  | 'insertOrder'
  | 'getOrder'
  | 'orderByMemo'
  | 'saveOrder'
  | 'upsertDeposit'
  | 'insertException'
  | 'deleteException'
  | 'watchAddress'
  | 'watchersOf';

export type ReconciliationStatements = Readonly<Record<StatementName, Statement>>;

/** Registered on the projection's connection: exact decimal addition for the TEXT amount columns. */
export const DECIMAL_ADD_FUNCTION = 'recon_decimal_add';

const decimalAdd = (a: unknown, b: unknown): string => {
  const left = String(a ?? '0');
  const right = String(b ?? '0');
  if (right === '0') return left;
  if (left === '0') return right;
  return new Decimal(left).plus(right).toFixed();
};

const ORDER_COLUMNS = [
  'order_id',
  'project_id',
  'group_id',
  'kind',
  'chain',
  'currency',
  'created_day',
  'quoted_amount',
  'fees',
  'deposit_address',
  'memo',
  'paid_at',
  'refunded',
  'undelivered_since',
  'payout_pending_since',
  'deliveries',
] as const satisfies readonly (keyof OrderRow)[];
/** What later events change; the rest is fixed when the order is created. */
const MUTABLE_ORDER_COLUMNS = [
  'quoted_amount',
  'fees',
  'paid_at',
  'refunded',
  'undelivered_since',
  'payout_pending_since',
  'deliveries',
] as const satisfies readonly (keyof OrderRow)[];

/** The increment's fields and the recon_daily columns they add to; amounts add as exact decimals. */
const DAILY_COLUMN_OF: Readonly<Record<keyof DailyIncrement, { readonly column: string; readonly amount: boolean }>> = {
  orders: { column: 'orders', amount: false },
  quotedAmount: { column: 'quoted_amount', amount: true },
  payments: { column: 'payments', amount: false },
  receivedAmount: { column: 'received_amount', amount: true },
  fees: { column: 'fees', amount: true },
  deliveriesStarted: { column: 'deliveries_started', amount: false },
  deliveriesCompleted: { column: 'deliveries_completed', amount: false },
  deliveriesFailed: { column: 'deliveries_failed', amount: false },
  payoutSentAmount: { column: 'payout_sent_amount', amount: true },
  payoutSettledAmount: { column: 'payout_settled_amount', amount: true },
  refunds: { column: 'refunds', amount: false },
  refundedAmount: { column: 'refunded_amount', amount: true },
};
const DAILY_FIELDS = Object.keys(DAILY_COLUMN_OF) as (keyof DailyIncrement)[];
const DAILY_KEY = ['group_id', 'day'] as const;

/**
 * An UPSERT of one day's bucket that adds to the given fields only, with positional parameters:
 * the key, then the fields' values. A new bucket starts every other column at zero.
 */
const dailyUpsertSql = (fields: readonly (keyof DailyIncrement)[]): string => {
  const given = new Set(fields);
  const columns = DAILY_FIELDS.map((field) => DAILY_COLUMN_OF[field]);
  const values = DAILY_FIELDS.map((field) => (given.has(field) ? '?' : DAILY_COLUMN_OF[field].amount ? "'0'" : '0'));
  const updates = fields.map((field) => {
    const { column, amount } = DAILY_COLUMN_OF[field];
    return amount
      ? `${column} = ${DECIMAL_ADD_FUNCTION}(${column}, excluded.${column})`
      : `${column} = ${column} + excluded.${column}`;
  });
  return `INSERT INTO recon_daily (${[...DAILY_KEY, ...columns.map((entry) => entry.column)].join(', ')})
    VALUES (${[...DAILY_KEY.map(() => '?'), ...values].join(', ')})
    ON CONFLICT (${DAILY_KEY.join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
};

export const prepareReconciliationStatements = (db: ReadModelDatabase): ReconciliationStatements => {
  db.function(DECIMAL_ADD_FUNCTION, { deterministic: true }, decimalAdd);
  const prepare = (sql: string): Statement => db.prepare<unknown[]>(sql);
  return {
    groupOf: prepare(
      `SELECT group_id FROM recon_groups
       WHERE project_id = ? AND kind = ? AND payment_method = ? AND chain = ? AND currency = ? AND payout_currency = ?`,
    ),
    insertGroup: prepare(
      'INSERT INTO recon_groups (project_id, kind, payment_method, chain, currency, payout_currency) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insertOrder: prepare(
      `INSERT OR IGNORE INTO recon_orders (${ORDER_COLUMNS.join(', ')}) VALUES (${ORDER_COLUMNS.map(() => '?').join(', ')})`,
    ),
    getOrder: prepare(`SELECT ${ORDER_COLUMNS.join(', ')} FROM recon_orders WHERE order_id = ?`),
    orderByMemo: prepare(`SELECT ${ORDER_COLUMNS.join(', ')} FROM recon_orders WHERE memo = ? AND chain = ?`),
    saveOrder: prepare(
      `UPDATE recon_orders SET ${MUTABLE_ORDER_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE order_id = ?`,
    ),
    upsertDeposit: prepare(
      `INSERT INTO recon_deposits (project_id, chain, tx_id, day, seq, order_id, amount, currency, memo, recorded, observed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (project_id, chain, tx_id) DO UPDATE SET
         order_id = coalesce(order_id, excluded.order_id),
         amount = CASE WHEN excluded.observed = 1 THEN excluded.amount ELSE amount END,
         currency = CASE WHEN excluded.observed = 1 THEN currency ELSE excluded.currency END,
         memo = coalesce(memo, excluded.memo),
         recorded = max(recorded, excluded.recorded),
         observed = max(observed, excluded.observed)`,
    ),
    insertException: prepare(
      `INSERT OR IGNORE INTO recon_exceptions (project_id, kind, subject, day, seq, order_id, chain, tx_id, details)
       VALUES (@projectId, @kind, @subject, @day, @seq, @orderId, @chain, @txId, @details)`,
    ),
    deleteException: prepare('DELETE FROM recon_exceptions WHERE project_id = ? AND kind = ? AND subject = ?'),
    watchAddress: prepare(
      'INSERT OR IGNORE INTO recon_deposit_addresses (chain, address_key, project_id, address) VALUES (?, ?, ?, ?)',
    ),
    watchersOf: prepare('SELECT project_id FROM recon_deposit_addresses WHERE chain = ? AND address_key = ?'),
  };
};

/** Writes through the statements with the column names spelled once. */
export class ReconciliationWrites {
  private readonly dailyUpserts = new Map<string, Statement>();
  /** Agent card spend: the cards runs recorded and the issuer's authorizations. */
  readonly cards: AgentCardWrites;

  constructor(
    private readonly db: ReadModelDatabase,
    private readonly s: ReconciliationStatements,
  ) {
    this.cards = new AgentCardWrites(db);
  }

  /** The group's id, created on first use. */
  groupOf(group: OrderGroup): number {
    const key = [group.projectId, group.kind, group.paymentMethod, group.chain, group.currency, group.payoutCurrency];
    const found = this.s.groupOf.get(...key) as { group_id: number } | undefined;
    return found ? found.group_id : Number(this.s.insertGroup.run(...key).lastInsertRowid);
  }

  insertOrder(row: OrderRow): boolean {
    return this.s.insertOrder.run(...ORDER_COLUMNS.map((column) => row[column])).changes > 0;
  }

  order(orderId: string): OrderRow | undefined {
    return this.s.getOrder.get(orderId) as OrderRow | undefined;
  }

  orderByMemo(memo: string, chain: string): OrderRow | undefined {
    return this.s.orderByMemo.get(memo, chain) as OrderRow | undefined;
  }

  saveOrder(row: OrderRow): void {
    this.s.saveOrder.run(...MUTABLE_ORDER_COLUMNS.map((column) => row[column]), row.order_id);
  }

  addDaily(order: OrderRow, day: string, increment: DailyIncrement): void {
    const fields = DAILY_FIELDS.filter((field) => increment[field] !== undefined);
    const name = fields.join(',');
    let upsert = this.dailyUpserts.get(name);
    if (!upsert) {
      upsert = this.db.prepare<unknown[]>(dailyUpsertSql(fields));
      this.dailyUpserts.set(name, upsert);
    }
    upsert.run(order.group_id, day, ...fields.map((field) => increment[field]));
  }

  upsertDeposit(deposit: DepositRecord): void {
    const { projectId, chain, txId, day, seq, orderId, amount, currency, memo } = deposit;
    this.s.upsertDeposit.run(
      projectId,
      chain,
      txId,
      day,
      seq,
      orderId,
      amount,
      currency,
      memo,
      deposit.recorded ? 1 : 0,
      deposit.observed ? 1 : 0,
    );
  }

  flag(exception: ExceptionRecord): void {
    this.s.insertException.run({
      projectId: exception.projectId,
      kind: exception.kind,
      subject: exception.subject,
      day: exception.day,
      seq: exception.seq,
      orderId: exception.orderId ?? null,
      chain: exception.chain ?? null,
      txId: exception.txId ?? null,
      details: JSON.stringify(exception.details),
    });
  }

  resolve(projectId: string, kind: string, subject: string): void {
    this.s.deleteException.run(projectId, kind, subject);
  }

  watchAddress(chain: string, address: string, projectId: string): void {
    this.s.watchAddress.run(chain, addressKey(address), projectId, address);
  }

  watchersOf(chain: string, address: string): string[] {
    return (this.s.watchersOf.all(chain, addressKey(address)) as { project_id: string }[]).map((row) => row.project_id);
  }
}

/** EVM addresses compare without their checksum case; other chains' addresses are case-sensitive. */
export const addressKey = (address: string): string =>
  /^0x[0-9a-fA-F]+$/.test(address) ? address.toLowerCase() : address;
