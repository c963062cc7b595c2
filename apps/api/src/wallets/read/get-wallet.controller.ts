import { Controller, Param } from '@nestjs/common';
import { WalletLocatorParams, WalletResource } from '@paykit/contracts';
import { type WalletResource as Resource, toWalletResource } from '@paykit/wallets';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CallerOf, type WalletsRequest } from '../http/command-context.js';

@Controller()
export class GetWalletController {
  constructor(private readonly resolver: WalletResolver) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator',
    tags: ['Wallets'],
    summary: 'Get a wallet by locator',
    description: 'A malformed locator is a 400 naming the wrong part; one that matches no wallet of the caller is a 404.',
    scope: Scopes.walletsRead,
    params: WalletLocatorParams,
    responses: { 200: WalletResource },
  })
  async get(@CallerOf() { principal }: WalletsRequest, @Param('walletLocator') locator: string): Promise<Resource> {
    return toWalletResource((await this.resolver.resolve(principal, locator)).wallet);
  }
}
