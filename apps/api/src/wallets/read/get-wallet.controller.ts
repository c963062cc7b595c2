import { Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { WalletLocatorParams, WalletResource } from '@paykit/contracts';
import type { WalletResource as Resource } from '@paykit/wallets';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { GetWallet } from './get-wallet.handler.js';

@Controller()
export class GetWalletController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator',
    tags: ['Wallets'],
    summary: 'Get a wallet by locator',
    description:
      'A malformed locator is a 400 naming the wrong part; one that matches no wallet of the caller is a 404.',
    scope: Scopes.walletsRead,
    params: WalletLocatorParams,
    responses: { 200: WalletResource },
  })
  get(@CallerOf() { principal }: Caller, @Param('walletLocator') locator: string): Promise<Resource> {
    return this.queries.execute(new GetWallet(principal, locator));
  }
}
