import { defineProjection } from '@paykit/projections';
import { type Transfer, type TransferEvent, evolveTransfer, transferStatus } from '@paykit/transfers';

import { type ReadModelStatement as Statement, prepareStatement } from '../directory/prepared-once-ready.js';

export const TRANSFERS_PROJECTION = 'wallet-transfers';

const TRANSFER_EVENT_TYPES = new Set<string>([
  'TransferCreated',
  'TransferApprovalSubmitted',
  'TransferApproved',
  'TransferBroadcast',
  'TransferConfirmed',
  'TransferSucceeded',
  'TransferFailed',
  'TransferFeeBilled',
]);

interface Statements {
  readonly insert: Statement;
  readonly select: Statement;
  readonly update: Statement;
}

/**
 * Every wallet's transfers, each row holding the folded Transfer: the transactions list reads a
 * page of rows by (wallet, position) and maps them; spending limits read a signer's recent
 * transfers; the executor resumes the `pending` ones. Each event costs one row read and write.
 */
export const transfersProjection = defineProjection<Statements>({
  name: TRANSFERS_PROJECTION,
  // 2: chain, token and recipient columns for the wallet activity feed (ADR 0447).
  version: 2,
  tables: ['wallet_transfers'],
  schema: `
    CREATE TABLE IF NOT EXISTS wallet_transfers (
      transfer_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      wallet_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      signer TEXT,
      token TEXT NOT NULL,
      amount TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      status TEXT NOT NULL,
      state TEXT NOT NULL,
      chain TEXT NOT NULL,
      token_symbol TEXT NOT NULL,
      token_address TEXT,
      recipient_wallet_id TEXT
    );
    CREATE INDEX IF NOT EXISTS wallet_transfers_by_wallet ON wallet_transfers (wallet_id, position);
    CREATE INDEX IF NOT EXISTS wallet_transfers_by_signer ON wallet_transfers (wallet_id, signer, created_at);
    CREATE INDEX IF NOT EXISTS wallet_transfers_in_flight ON wallet_transfers (status) WHERE status = 'pending';
    CREATE INDEX IF NOT EXISTS wallet_transfers_by_recipient ON wallet_transfers (recipient_wallet_id, position);
  `,
  statements: (db) => ({
    insert: prepareStatement(
      db,
      `INSERT OR IGNORE INTO wallet_transfers
         (transfer_id, project_id, wallet_id, position, signer, token, amount, created_at, status, state,
          chain, token_symbol, token_address, recipient_wallet_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    select: prepareStatement(db, 'SELECT state FROM wallet_transfers WHERE transfer_id = ?'),
    update: prepareStatement(db, 'UPDATE wallet_transfers SET status = ?, state = ? WHERE transfer_id = ?'),
  }),
  apply: (event, { insert, select, update }) => {
    if (!TRANSFER_EVENT_TYPES.has(event.type)) return;
    const domainEvent = { type: event.type, data: event.data } as TransferEvent;
    if (domainEvent.type === 'TransferCreated') {
      const transfer = evolveTransfer(null, domainEvent) as Transfer;
      if (event.metadata.projectId === null) return;
      insert.run(
        transfer.transferId,
        event.metadata.projectId,
        transfer.wallet.walletId,
        event.position,
        transfer.signer ?? null,
        transfer.token.locator,
        transfer.amount.decimal,
        Date.parse(transfer.createdAt),
        transferStatus(transfer),
        JSON.stringify(transfer),
        transfer.chain,
        transfer.token.symbol.toLowerCase(),
        transfer.token.address?.toLowerCase() ?? null,
        transfer.recipient.walletId ?? null,
      );
      return;
    }
    const row = select.get((event.data as { transferId: string }).transferId) as { state: string } | undefined;
    if (!row) return;
    const transfer = evolveTransfer(JSON.parse(row.state) as Transfer, domainEvent) as Transfer;
    update.run(transferStatus(transfer), JSON.stringify(transfer), transfer.transferId);
  },
});
