import { Controller, Param, Query } from '@nestjs/common';
import { TransferActivityPage, TransferActivityQuery, WalletLocatorParams } from '@paykit/contracts';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CallerOf, type WalletsRequest } from '../http/command-context.js';
import { ActivityService, type TransferActivityPageResource } from './activity.service.js';

@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Route({
    method: 'GET',
    path: 'unstable/wallets/:walletLocator/transfers',
    tags: ['Wallets'],
    summary: "A wallet's finished transfers, out and in",
    description: 'Successful (default) or failed transfers on one chain, newest first by default; filter by tokens (currencies or addresses).',
    scope: Scopes.walletsTransactionsRead,
    params: WalletLocatorParams,
    query: TransferActivityQuery,
    responses: { 200: TransferActivityPage },
  })
  list(
    @CallerOf() { principal }: WalletsRequest,
    @Param('walletLocator') walletLocator: string,
    @Query() query: z.output<typeof TransferActivityQuery>,
  ): Promise<TransferActivityPageResource> {
    return this.activity.list(principal, walletLocator, query);
  }
}
