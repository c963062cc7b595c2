import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import type { Transfer } from '@paykit/transfers';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import type { KeysetSource } from '../../http/pagination/keyset-page.js';
import { EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { type ReadModelStatement as Statement, preparedOnceReady } from '../directory/prepared-once-ready.js';
import { TRANSFERS_PROJECTION } from './transfers.projection.js';

/** How long a read waits for the transfers read model to reach the store's head (read your writes). */
const CATCH_UP_WAIT_MS = 2_000;

/** A transfer with its store position (decimal), the key its list pages by. */
export interface TransferRow {
  readonly transfer: Transfer;
  readonly position: string;
}

const SQL = {
  older: `SELECT state, position FROM wallet_transfers
          WHERE project_id = ? AND wallet_id = ? AND position < ? ORDER BY position DESC LIMIT ?`,
  newer: `SELECT state, position FROM wallet_transfers
          WHERE project_id = ? AND wallet_id = ? AND position > ? ORDER BY position ASC LIMIT ?`,
  inFlight: `SELECT transfer_id FROM wallet_transfers WHERE status = 'pending'`,
  // The activity feed: a wallet's transfers out and in, of one outcome on one chain, optionally
  // of some tokens (`tokens` is ",usdc,0xabc...," or NULL).
  activityDesc: `SELECT state, position FROM wallet_transfers
                 WHERE project_id = ? AND (wallet_id = ? OR recipient_wallet_id = ?) AND status = ? AND chain = ?
                   AND (? IS NULL OR instr(?, ',' || token_symbol || ',') > 0 OR instr(?, ',' || token_address || ',') > 0)
                   AND position < ? ORDER BY position DESC LIMIT ?`,
  activityAsc: `SELECT state, position FROM wallet_transfers
                WHERE project_id = ? AND (wallet_id = ? OR recipient_wallet_id = ?) AND status = ? AND chain = ?
                  AND (? IS NULL OR instr(?, ',' || token_symbol || ',') > 0 OR instr(?, ',' || token_address || ',') > 0)
                  AND position > ? ORDER BY position ASC LIMIT ?`,
} as const;

/** Which of a wallet's transfers, out and in, the activity feed lists, in which order. */
export interface ActivityFilter {
  readonly projectId: string;
  readonly walletId: string;
  readonly status: 'success' | 'failed';
  readonly chain: string;
  /** Token symbols or addresses, lowercase; undefined for every token. */
  readonly tokens?: readonly string[];
  readonly sort: 'asc' | 'desc';
}

/** Queries of the transfers read model; each costs O(rows returned) through an index. */
@Injectable()
export class TransferRecords {
  private readonly statements = new Map<keyof typeof SQL, Statement>();

  constructor(
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsHost,
  ) {}

  /** Waits (bounded) until every transfer written so far is in the read model. */
  async catchUp(): Promise<void> {
    await this.projections.waitFor(await this.store.headPosition(), CATCH_UP_WAIT_MS, TRANSFERS_PROJECTION);
  }

  /** A wallet's transfers newest first, keyed by position, for keysetPage. */
  source(projectId: string, walletId: string): KeysetSource<TransferRow, string> {
    const read = (name: 'older' | 'newer', position: string, count: number): TransferRow[] =>
      (
        this.all(name, projectId, walletId, BigInt(position), count) as { state: string; position: number | bigint }[]
      ).map((row) => ({
        transfer: JSON.parse(row.state) as Transfer,
        position: String(row.position),
      }));
    return {
      after: (key, count) => read('older', key ?? String(Number.MAX_SAFE_INTEGER), count),
      before: (key, count) => read('newer', key, count),
      keyOf: (row) => row.position,
    };
  }

  /** Transfers out of and into a wallet, by outcome, chain and token, for keysetPage: a page costs O(page). */
  activitySource(filter: ActivityFilter): KeysetSource<TransferRow, string> {
    const tokens = filter.tokens === undefined ? null : `,${filter.tokens.join(',')},`;
    const read = (order: 'asc' | 'desc', position: bigint, count: number): TransferRow[] =>
      (
        this.all(
          order === 'desc' ? 'activityDesc' : 'activityAsc',
          filter.projectId,
          filter.walletId,
          filter.walletId,
          filter.status,
          filter.chain,
          tokens,
          tokens,
          tokens,
          position,
          count,
        ) as { state: string; position: number | bigint }[]
      ).map((row) => ({ transfer: JSON.parse(row.state) as Transfer, position: String(row.position) }));
    const backwards = filter.sort === 'desc' ? 'asc' : 'desc';
    const start = filter.sort === 'desc' ? BigInt(Number.MAX_SAFE_INTEGER) : -1n;
    return {
      after: (key, count) => read(filter.sort, key === null ? start : BigInt(key), count),
      before: (key, count) => read(backwards, BigInt(key), count),
      keyOf: (row) => row.position,
    };
  }

  /** Approved transfers without an outcome: what the executor has to drive on. */
  inFlight(): string[] {
    return (this.all('inFlight') as { transfer_id: string }[]).map((row) => row.transfer_id);
  }

  private all(name: keyof typeof SQL, ...parameters: unknown[]): unknown[] {
    let statement = this.statements.get(name);
    if (!statement) {
      const prepared = preparedOnceReady(this.db, SQL[name]);
      if (!prepared) return [];
      this.statements.set(name, prepared);
      statement = prepared;
    }
    return statement.all(...parameters);
  }
}
