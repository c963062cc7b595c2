import { Injectable } from '@nestjs/common';
import { type TransferResource, toTransferResource } from '@paykit/transfers';
import type { Principal } from '../../auth/principal.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { TransactionCursors } from './transaction-cursor.js';
import { TransferRecords } from './transfer-records.js';

/** `{ transactions }`, the list's shape in the public SDK (ADR 0443). */
export interface TransactionPageResource {
  readonly transactions: readonly TransferResource[];
  readonly nextCursor?: string;
}

/** A wallet's transactions from the transfers read model: a page costs O(page). */
@Injectable()
export class TransactionsService {
  private readonly cursors: TransactionCursors;

  constructor(
    private readonly resolver: WalletResolver,
    private readonly records: TransferRecords,
    secrets: WalletSecrets,
  ) {
    this.cursors = new TransactionCursors(() => secrets.cursorSigning);
  }

  async list(principal: Principal, walletLocator: string, query: { cursor?: string; limit: number }): Promise<TransactionPageResource> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    const before = query.cursor === undefined ? undefined : this.cursors.read(query.cursor, wallet.walletId);
    await this.records.catchUp();
    const page = this.records.page(principal.projectId, wallet.walletId, before, query.limit);
    return {
      transactions: page.transfers.map(toTransferResource),
      ...(page.next !== undefined && { nextCursor: this.cursors.issue(wallet.walletId, page.next) }),
    };
  }
}
