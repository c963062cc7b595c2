import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import type { Transfer } from '@paykit/transfers';
import type { PriorSpend } from '@paykit/wallets';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { type ReadModelStatement as Statement, preparedOnceReady } from '../directory/prepared-once-ready.js';
import { TRANSFERS_PROJECTION } from './transfers.projection.js';


/** How long a read waits for the transfers read model to reach the store's head (read your writes). */
const CATCH_UP_WAIT_MS = 2_000;

export interface TransferPage {
  readonly transfers: readonly Transfer[];
  /** Position of the last transfer when more follow. */
  readonly next?: bigint;
}

const SQL = {
  page: `SELECT state, position FROM wallet_transfers
         WHERE project_id = ? AND wallet_id = ? AND position < ? ORDER BY position DESC LIMIT ?`,
  spends: `SELECT token, amount, created_at FROM wallet_transfers
           WHERE wallet_id = ? AND signer = ? AND created_at > ? AND status != 'failed' AND transfer_id != ?`,
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

export interface ActivityQuery {
  readonly projectId: string;
  readonly walletId: string;
  readonly status: 'success' | 'failed';
  readonly chain: string;
  /** Token symbols or addresses, lowercase; undefined for every token. */
  readonly tokens?: readonly string[];
  readonly sort: 'asc' | 'desc';
  /** Continue after this position (exclusive), in the sort's direction. */
  readonly after?: bigint;
  readonly limit: number;
}

export interface ActivityPage {
  readonly transfers: readonly Transfer[];
  /** Position of the last transfer when more follow. */
  readonly next?: bigint;
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

  /** Newest first, below `before` (exclusive). */
  page(projectId: string, walletId: string, before: bigint | undefined, limit: number): TransferPage {
    const rows = this.all('page', projectId, walletId, before ?? BigInt(Number.MAX_SAFE_INTEGER), limit + 1) as {
      state: string;
      position: number | bigint;
    }[];
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      transfers: shown.map((row) => JSON.parse(row.state) as Transfer),
      ...(rows.length > limit && last && { next: BigInt(last.position) }),
    };
  }

  /** Transfers out of and into a wallet, by outcome, chain and token: a page costs O(page). */
  activity(query: ActivityQuery): ActivityPage {
    const tokens = query.tokens === undefined ? null : `,${query.tokens.join(',')},`;
    const start = query.after ?? (query.sort === 'desc' ? BigInt(Number.MAX_SAFE_INTEGER) : -1n);
    const rows = this.all(
      query.sort === 'desc' ? 'activityDesc' : 'activityAsc',
      query.projectId,
      query.walletId,
      query.walletId,
      query.status,
      query.chain,
      tokens,
      tokens,
      tokens,
      start,
      query.limit + 1,
    ) as { state: string; position: number | bigint }[];
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      transfers: shown.map((row) => JSON.parse(row.state) as Transfer),
      ...(rows.length > query.limit && last && { next: BigInt(last.position) }),
    };
  }

  /** A signer's transfers from a wallet since `since` (epoch ms) that still count (not failed). */
  spends(walletId: string, signer: string, since: number, exceptTransferId = ''): PriorSpend[] {
    const rows = this.all('spends', walletId, signer, since, exceptTransferId) as {
      token: string;
      amount: string;
      created_at: number;
    }[];
    return rows.map((row) => ({ token: row.token, amount: row.amount, at: row.created_at }));
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
