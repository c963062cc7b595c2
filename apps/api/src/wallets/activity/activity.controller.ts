import { Controller, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { TransferActivityPage, TransferActivityQuery, WalletLocatorParams } from '@paykit/contracts';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ListWalletActivity, type TransferActivityPageResource } from './list-activity.handler.js';

@Controller()
export class ActivityController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: 'unstable/wallets/:walletLocator/transfers',
    tags: ['Wallets'],
    summary: "A wallet's finished transfers, out and in",
    description:
      'Successful (default) or failed transfers on one chain, newest first by default; filter by tokens (currencies or addresses).',
    scope: Scopes.walletsTransactionsRead,
    params: WalletLocatorParams,
    query: TransferActivityQuery,
    responses: { 200: TransferActivityPage },
  })
  list(
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') walletLocator: string,
    @Query() query: z.output<typeof TransferActivityQuery>,
  ): Promise<TransferActivityPageResource> {
    return this.queries.execute(new ListWalletActivity(principal, walletLocator, query));
  }
}
