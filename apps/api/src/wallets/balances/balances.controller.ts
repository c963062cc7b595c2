import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  BalancesQuery,
  BalancesResponse,
  FaucetBody,
  FaucetResponse,
  type TokenBalance,
  WalletLocatorParams,
} from '@paykit/contracts';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CallerOf, type WalletsRequest } from '../http/command-context.js';
import { BalancesService } from './balances.service.js';
import { type FaucetBalance, FaucetService } from './faucet.service.js';

@Controller()
export class BalancesController {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly balances: BalancesService,
    private readonly faucet: FaucetService,
  ) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/balances',
    tags: ['Wallets'],
    summary: "A wallet's token balances, per token and chain",
    scope: Scopes.walletsBalanceRead,
    params: WalletLocatorParams,
    query: BalancesQuery,
    responses: { 200: BalancesResponse },
  })
  async get(
    @CallerOf() { principal }: WalletsRequest,
    @Param('walletLocator') walletLocator: string,
    @Query() query: z.output<typeof BalancesQuery>,
  ): Promise<TokenBalance[]> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    return this.balances.balances(wallet, query.tokens, query.chains);
  }

  @Route({
    method: 'POST',
    path: 'v1-alpha2/wallets/:walletLocator/balances',
    tags: ['Wallets'],
    summary: 'Fund a staging wallet from the test faucet',
    description: 'Staging only (403 faucet_not_available in production): 1 to 100 usdxm (usdc resolves to it), or gas.',
    scope: Scopes.walletsFund,
    params: WalletLocatorParams,
    body: FaucetBody,
    responses: { 201: FaucetResponse },
  })
  async fund(
    @CallerOf() { principal }: WalletsRequest,
    @Param('walletLocator') walletLocator: string,
    @Body() body: FaucetBody,
  ): Promise<FaucetBalance[]> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    return this.faucet.fund(wallet, body);
  }
}
