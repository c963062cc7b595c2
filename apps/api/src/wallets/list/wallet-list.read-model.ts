import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import type { ChainType } from '@paykit/wallets';
import type { KeysetSource } from '../../http/pagination/keyset-page.js';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { preparedOnceReady } from '../directory/prepared-once-ready.js';
import { WALLETS_PROJECTION } from '../directory/wallets.projection.js';

/** How long a list waits for the read model to reach the store's head (the caller's own creates). */
const CATCH_UP_WAIT_MS = 2_000;

export interface WalletListFilter {
  readonly projectId: string;
  readonly chainType?: ChainType;
  /** Canonical `<type>:<value>`. */
  readonly owner?: string;
}

export interface WalletListRow {
  readonly walletId: string;
  /** Store position of the wallet's creation, in decimal: the list's key. */
  readonly position: string;
}

/**
 * A project's wallets newest first from the wallets read model. Each filter has its own index
 * (`@chainType IS NULL OR ...` is not one), so each combination is its own statement.
 */
const statementFor = (filter: WalletListFilter, order: 'older' | 'newer'): string => {
  const where = ['project_id = @projectId'];
  if (filter.chainType !== undefined) where.push('chain_type = @chainType');
  if (filter.owner !== undefined) where.push('owner = @owner');
  where.push(order === 'older' ? 'position < @position' : 'position > @position');
  const direction = order === 'older' ? 'DESC' : 'ASC';
  return `SELECT wallet_id, position FROM wallets WHERE ${where.join(' AND ')} ORDER BY position ${direction} LIMIT @count`;
};

@Injectable()
export class WalletListReadModel {
  private readonly statements = new Map<string, ReturnType<typeof preparedOnceReady>>();

  constructor(
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsHost,
  ) {}

  /** Waits (bounded) until every wallet created so far is in the read model. */
  async catchUp(): Promise<void> {
    await this.projections.waitFor(await this.store.headPosition(), CATCH_UP_WAIT_MS, WALLETS_PROJECTION);
  }

  source(filter: WalletListFilter): KeysetSource<WalletListRow, string> {
    const read = (order: 'older' | 'newer', position: string, count: number): WalletListRow[] => {
      const sql = statementFor(filter, order);
      if (!this.statements.get(sql)) this.statements.set(sql, preparedOnceReady(this.db, sql));
      const statement = this.statements.get(sql);
      if (!statement) return [];
      const rows = statement.all({
        projectId: filter.projectId,
        chainType: filter.chainType ?? null,
        owner: filter.owner ?? null,
        position: BigInt(position),
        count,
      }) as { wallet_id: string; position: number | bigint }[];
      return rows.map((row) => ({ walletId: row.wallet_id, position: String(row.position) }));
    };
    return {
      after: (key, count) => read('older', key ?? String(Number.MAX_SAFE_INTEGER), count),
      before: (key, count) => read('newer', key, count),
      keyOf: (row) => row.position,
    };
  }
}
