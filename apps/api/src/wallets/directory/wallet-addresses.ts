import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import type { ChainType } from '@paykit/wallets';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { type ReadModelStatement, preparedOnceReady } from './prepared-once-ready.js';
import { WALLETS_PROJECTION } from './wallets.projection.js';

const SELECT_BY_ADDRESS =
  'SELECT wallet_id, chain_type FROM wallets WHERE project_id = ? AND address = ? ORDER BY position';

/** How long a lookup that found nothing waits for the read model to catch up before answering 404. */
const CATCH_UP_WAIT_MS = 2_000;

/** Wallet ids by address, from the wallets read model (index-backed: one row read). */
@Injectable()
export class WalletAddresses {
  private statement: ReadModelStatement | null = null;

  constructor(
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsHost,
  ) {}

  /**
   * The wallet at `address` in the project. A miss waits (bounded) for the read model to reach
   * the store's head and looks again, so a caller reads the wallet it has just created.
   */
  async find(projectId: string, address: string, chainTypes: readonly ChainType[]): Promise<string | null> {
    const found = this.query(projectId, address, chainTypes);
    if (found !== null) return found;
    await this.projections.waitFor(await this.store.headPosition(), CATCH_UP_WAIT_MS, WALLETS_PROJECTION);
    return this.query(projectId, address, chainTypes);
  }

  private query(projectId: string, address: string, chainTypes: readonly ChainType[]): string | null {
    const statement = (this.statement ??= preparedOnceReady(this.db, SELECT_BY_ADDRESS));
    if (!statement) return null;
    const rows = statement.all(projectId, address) as { wallet_id: string; chain_type: ChainType }[];
    return rows.find((row) => chainTypes.includes(row.chain_type))?.wallet_id ?? null;
  }
}
