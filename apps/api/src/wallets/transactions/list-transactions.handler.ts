import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type TransferResource, toTransferResource } from '@paykit/transfers';
import type { Principal } from '../../auth/principal.js';
import { type KeysetPage, keysetPage } from '../../http/pagination/keyset-page.js';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { isTransferPosition, transactionCursors, transactionsBinding } from './transaction-cursor.js';
import { TransferRecords } from './transfer-records.js';

/** `{ transactions }`, the list's shape in the public SDK (ADR 0443), with the cursors every list carries. */
export type TransactionPageResource = Omit<KeysetPage<TransferResource>, 'data'> & {
  readonly transactions: readonly TransferResource[];
};

/** `GET /2025-06-09/wallets/{walletLocator}/transactions`: a wallet's transactions, newest first. */
export class ListTransactions extends Query<TransactionPageResource> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
    readonly query: { readonly cursor?: string; readonly limit: number },
  ) {
    super();
  }
}

/** From the transfers read model: a page costs O(page). */
@QueryHandler(ListTransactions)
export class ListTransactionsHandler implements IQueryHandler<ListTransactions> {
  private readonly cursors: SignedCursors;

  constructor(
    private readonly resolver: WalletResolver,
    private readonly records: TransferRecords,
    secrets: WalletSecrets,
  ) {
    this.cursors = transactionCursors(() => secrets.cursorSigning);
  }

  async execute({ principal, walletLocator, query }: ListTransactions): Promise<TransactionPageResource> {
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
