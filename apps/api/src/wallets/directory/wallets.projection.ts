import { defineProjection } from '@paykit/projections';
import type { Wallet } from '@paykit/wallets';
import { type ReadModelStatement, prepareStatement } from './prepared-once-ready.js';

export const WALLETS_PROJECTION = 'wallets';

/**
 * Wallets by address, per project: what an address locator (and a recipient address) is looked
 * up in. Owner and alias locators need no index: their wallet id is derived from the identity.
 * Every wallet claims its address before it is created (ADR 0425), so an address names one
 * wallet; only wallets from before that rule can share one, and the first created answers for it.
 */
export const walletsProjection = defineProjection<{ insert: ReadModelStatement }>({
  name: WALLETS_PROJECTION,
  version: 1,
  tables: ['wallets'],
  schema: `
    CREATE TABLE IF NOT EXISTS wallets (
      wallet_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      chain_type TEXT NOT NULL,
      address TEXT NOT NULL,
      position INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS wallets_by_address ON wallets (project_id, address, chain_type, position);
  `,
  statements: (db) => ({
    insert: prepareStatement(
      db,
      'INSERT OR IGNORE INTO wallets (wallet_id, project_id, chain_type, address, position) VALUES (?, ?, ?, ?, ?)',
    ),
  }),
  apply: (event, { insert }) => {
    if (event.type !== 'WalletCreated' || event.metadata.projectId === null) return;
    const wallet = event.data as Wallet;
    insert.run(wallet.walletId, event.metadata.projectId, wallet.chainType, wallet.address, event.position);
  },
});
