import { Controller, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NftListQuery, NftPage, WalletNftParams } from '@paykit/contracts';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ListNfts } from './list-nfts.handler.js';

@Controller()
export class NftsController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/nfts',
    tags: ['Wallets'],
    summary: "A wallet's NFTs on one chain",
    description:
      'walletLocator is <chain>:<address> (as the public SDK sends it). The sandbox chains hold no NFTs, so every page is ' +
      'empty until an NFT-capable chain adapter exists; the wallet and chain are still checked (404, 400).',
    scope: Scopes.walletsRead,
    params: WalletNftParams,
    query: NftListQuery,
    responses: { 200: NftPage },
  })
  list(
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') identifier: string,
    @Query() query: z.output<typeof NftListQuery>,
  ): Promise<unknown[]> {
    // page and perPage are validated (400 for bad ones) but select nothing: every page is empty.
    void query;
    return this.queries.execute(new ListNfts(principal, identifier));
  }
}
