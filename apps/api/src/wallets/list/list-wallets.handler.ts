import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WalletListQuery } from '@paykit/contracts';
import { DomainException } from '@paykit/kernel';
import { type WalletResource, formatOwner, parseOwner, toWalletResource } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { type KeysetPage, keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { callerOwner, ownerNotAllowed } from '../directory/caller-owner.js';
import { WalletDirectory } from '../directory/wallet-directory.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { isTransferPosition as isStorePosition } from '../transactions/transaction-cursor.js';
import { type WalletListFilter, WalletListReadModel } from './wallet-list.read-model.js';

/** `GET /2025-06-09/wallets`: the caller's project's wallets, newest first (ADR 0812). */
export class ListWallets extends Query<KeysetPage<WalletResource>> {
  constructor(
    readonly principal: Principal,
    readonly query: WalletListQuery,
  ) {
    super();
  }
}

/**
 * The owner filter, canonical (`email:Ana@X.com` lists `email:ana@x.com`'s wallets). A client key
 * lists its signed-in user's wallets only, as it sees no other (ADR 0420).
 */
const ownerFilterOf = (principal: Principal, owner: string | undefined): string | undefined => {
  const parsed = owner === undefined ? undefined : parseOwner(owner);
  if (parsed && E.isLeft(parsed)) throw new DomainException(parsed.left);
  const given = parsed && E.isRight(parsed) ? formatOwner(parsed.right) : undefined;
  if (principal.keyKind === 'server') return given;
  const own = formatOwner(callerOwner(principal, 'owner'));
  if (given !== undefined && given !== own) throw ownerNotAllowed(own);
  return own;
};

@QueryHandler(ListWallets)
export class ListWalletsHandler implements IQueryHandler<ListWallets> {
  private readonly cursors: SignedCursors;

  constructor(
    private readonly readModel: WalletListReadModel,
    private readonly wallets: WalletDirectory,
    secrets: WalletSecrets,
  ) {
    this.cursors = new SignedCursors(() => secrets.cursorSigning);
  }

  async execute({ principal, query }: ListWallets): Promise<KeysetPage<WalletResource>> {
    const owner = ownerFilterOf(principal, query.owner);
    const filter: WalletListFilter = {
      projectId: principal.projectId,
      ...(query.chainType !== undefined && { chainType: query.chainType }),
      ...(owner !== undefined && { owner }),
    };
    await this.readModel.catchUp();
    const page = keysetPage({
      cursors: this.cursors,
      binding: ['wallets', filter.projectId, filter.chainType ?? '', filter.owner ?? ''].join('\n'),
      cursor: query.cursor,
      limit: query.limit,
      isKey: isStorePosition,
      source: this.readModel.source(filter),
      present: (row) => row.walletId,
    });
    // The list names wallets; each is read from its own stream, as it stands now.
    const data = await Promise.all(page.data.map((walletId) => this.wallets.load(walletId)));
    return { ...page, data: data.flatMap((stored) => (stored ? [toWalletResource(stored.wallet)] : [])) };
  }
}
