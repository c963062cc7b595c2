import { Injectable } from '@nestjs/common';
import { type TransferResource, toTransferResource } from '@paykit/transfers';
import type { Principal } from '../../auth/principal.js';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { type KeysetPage, keysetPage } from '../../tokens/pagination/keyset-page.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { isTransferPosition, transactionCursors, transactionsBinding } from './transaction-cursor.js';
import { TransferRecords } from './transfer-records.js';

/** `{ transactions }`, the list's shape in the public SDK (ADR 0443), with the cursors every list carries. */
export type TransactionPageResource = Omit<KeysetPage<TransferResource>, 'data'> & { readonly transactions: readonly TransferResource[] };

/** A wallet's transactions from the transfers read model, newest first: a page costs O(page). */
@Injectable()
export class TransactionsService {
  private readonly cursors: SignedCursors;

  constructor(
    private readonly resolver: WalletResolver,
    private readonly records: TransferRecords,
    secrets: WalletSecrets,
  ) {
    this.cursors = transactionCursors(() => secrets.cursorSigning);
  }

  async list(principal: Principal, walletLocator: string, query: { cursor?: string; limit: number }): Promise<TransactionPageResource> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    await this.records.catchUp();
    const { data, ...cursors } = keysetPage({
      cursors: this.cursors,
      binding: transactionsBinding(wallet.walletId),
      cursor: query.cursor,
      limit: query.limit,
      isKey: isTransferPosition,
      source: this.records.source(principal.projectId, wallet.walletId),
      present: (row) => toTransferResource(row.transfer),
    });
    return { transactions: data, ...cursors };
  }
}
