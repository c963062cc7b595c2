import { Controller, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { WalletListQuery, WalletPage } from '@paykit/contracts';
import type { WalletResource } from '@paykit/wallets';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import type { KeysetPage } from '../../http/pagination/keyset-page.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ListWallets } from './list-wallets.handler.js';

@Controller()
export class ListWalletsController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets',
    tags: ['Wallets'],
    summary: 'List wallets',
    description:
      "The project's wallets, newest first, filtered by chain type and/or owner (`<type>:<value>`). " +
      "A client key lists its signed-in user's wallets only (another owner is a 403 owner_not_allowed).",
    scope: Scopes.walletsRead,
    query: WalletListQuery,
    responses: { 200: WalletPage },
  })
  list(@CallerOf() { principal }: Caller, @Query() query: WalletListQuery): Promise<KeysetPage<WalletResource>> {
    return this.queries.execute(new ListWallets(principal, query));
  }
}
