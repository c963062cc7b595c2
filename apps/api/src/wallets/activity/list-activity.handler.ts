import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TransferActivityQuery } from '@paykit/contracts';
import { DomainException, invalid } from '@paykit/kernel';
import { type Wallet, resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { type KeysetPage, keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { isTransferPosition } from '../transactions/transaction-cursor.js';
import { TransferRecords } from '../transactions/transfer-records.js';
import { type TransferActivityItem, toTransferActivity } from './transfer-activity.js';

export type TransferActivityPageResource = KeysetPage<TransferActivityItem>;

/** What a requested token matches: the registry's symbol and address for a currency (`usdc` is `usdxm` in staging), else the text itself. */
const tokenKeysOf = (wallet: Wallet, chain: string, token: string): string[] => {
  const resolved = resolveTokenLocator(`${chain}:${token}`, wallet.environment);
  if (E.isLeft(resolved)) return [token.toLowerCase()];
  const { known, address } = resolved.right;
  return [known?.symbol ?? token, address]
    .filter((key): key is string => key !== undefined)
    .map((key) => key.toLowerCase());
};

const badCursor = () =>
  new DomainException(
    invalid('invalid_cursor', 'cursor: not a cursor of this list and these filters; start again without one'),
  );

/**
 * `GET /unstable/wallets/{walletLocator}/transfers`: a wallet's finished transfers, out and in,
 * from the transfers read model (ADR 0447): what the public SDK's `transfers()` reads.
 */
export class ListWalletActivity extends Query<TransferActivityPageResource> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
    readonly query: z.output<typeof TransferActivityQuery>,
  ) {
    super();
  }
}

/** Cursors are signed for the wallet and the filters. */
@QueryHandler(ListWalletActivity)
export class ListWalletActivityHandler implements IQueryHandler<ListWalletActivity> {
  private readonly cursors: SignedCursors;

  constructor(
    private readonly resolver: WalletResolver,
    private readonly records: TransferRecords,
    secrets: WalletSecrets,
  ) {
    this.cursors = new SignedCursors(() => secrets.cursorSigning, badCursor);
  }

  async execute({ principal, walletLocator, query }: ListWalletActivity): Promise<TransferActivityPageResource> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    const chain = query.chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, query.chain, 'chain');
    if (!chain) throw new Error(`no ${wallet.chainType} chain in ${wallet.environment}`);
    const tokens = query.tokens?.flatMap((token) => tokenKeysOf(wallet, chain.name, token));
    const binding = `activity:${wallet.walletId}:${chain.name}:${query.status}:${query.sort}:${tokens?.join(',') ?? '*'}`;
    await this.records.catchUp();
    return keysetPage({
      cursors: this.cursors,
      binding,
      cursor: query.cursor,
      limit: query.limit,
      isKey: isTransferPosition,
      source: this.records.activitySource({
        projectId: principal.projectId,
        walletId: wallet.walletId,
        status: query.status === 'successful' ? 'success' : 'failed',
        chain: chain.name,
        ...(tokens && tokens.length > 0 && { tokens }),
        sort: query.sort,
      }),
      present: (row) => toTransferActivity(row.transfer, wallet.walletId),
    });
  }
}
