import { defineProjection } from '@paykit/projections';
import type { Wallet } from '@paykit/wallets';
import { type ReadModelStatement, prepareStatement } from './prepared-once-ready.js';

export const WALLETS_PROJECTION = 'wallets';

/**
 * Wallets by address, per project: what an address locator (and a recipient address) is looked
 * up in. Owner and alias locators need no index: their wallet id is derived from the identity.
 * Every wallet claims its address before it is created (ADR 0425), so an address names one
 * wallet; only wallets from before that rule can share one, and the first created answers for it.
 * And the project's wallet list (ADR 0812), newest first by store position, all of it or by
 * chain type or owner: one index each.
 */
export const walletsProjection = defineProjection<{ insert: ReadModelStatement }>({
  name: WALLETS_PROJECTION,
  version: 2,
  tables: ['wallets'],
  schema: `
    CREATE TABLE IF NOT EXISTS wallets (
      wallet_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      chain_type TEXT NOT NULL,
      address TEXT NOT NULL,
      owner TEXT,
      position INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS wallets_by_address ON wallets (project_id, address, chain_type, position);
    CREATE INDEX IF NOT EXISTS wallets_by_project ON wallets (project_id, position);
    CREATE INDEX IF NOT EXISTS wallets_by_chain_type ON wallets (project_id, chain_type, position);
    CREATE INDEX IF NOT EXISTS wallets_by_owner ON wallets (project_id, owner, position);
  `,
  statements: (db) => ({
    insert: prepareStatement(
      db,
      `INSERT OR IGNORE INTO wallets (wallet_id, project_id, chain_type, address, owner, position)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
  }),
  apply: (event, { insert }) => {
    if (event.type !== 'WalletCreated' || event.metadata.projectId === null) return;
    const wallet = event.data as Wallet;
    const { walletId, chainType, address, owner } = wallet;
    insert.run(walletId, event.metadata.projectId, chainType, address, owner ?? null, event.position);
  },
});
