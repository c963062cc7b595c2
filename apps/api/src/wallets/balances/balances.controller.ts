import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { type FaucetBalance, FundWallet } from './fund-wallet.handler.js';
import { GetBalances } from './get-balances.handler.js';

@Controller()
export class BalancesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
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
  get(
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') walletLocator: string,
    @Query() query: z.output<typeof BalancesQuery>,
  ): Promise<TokenBalance[]> {
    return this.queries.execute(new GetBalances(principal, walletLocator, query));
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
  fund(
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') walletLocator: string,
    @Body() body: FaucetBody,
  ): Promise<FaucetBalance[]> {
    return this.commands.execute(new FundWallet(principal, walletLocator, body));
  }
}
