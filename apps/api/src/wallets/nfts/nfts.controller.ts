import { Controller, Param, Query } from '@nestjs/common';
import { NftListQuery, NftPage, WalletNftParams } from '@paykit/contracts';
import { DomainException, invalid } from '@paykit/kernel';
import { findChain, isAddressOf } from '@paykit/wallets';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CallerOf, type WalletsRequest } from '../http/command-context.js';

@Controller()
export class NftsController {
  constructor(private readonly resolver: WalletResolver) {}

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
  async list(
    @CallerOf() { principal }: WalletsRequest,
    @Param('walletLocator') identifier: string,
    @Query() query: z.output<typeof NftListQuery>,
  ): Promise<unknown[]> {
    void query;
    const separator = identifier.indexOf(':');
    const chainName = identifier.slice(0, separator);
    const address = identifier.slice(separator + 1);
    const refuse = (message: string) => new DomainException(invalid('invalid_wallet_locator', `walletLocator: ${message}`));
    if (separator <= 0) throw refuse('expected <chain>:<address>, e.g. base-sepolia:0x...');
    const chain = findChain(chainName, principal.environment);
    if (!chain) throw refuse(`unknown chain "${chainName}" in ${principal.environment}`);
    if (!isAddressOf(chain.chainType, address)) throw refuse(`"${address}" is not ${chain.chainType === 'evm' ? 'an' : 'a'} ${chain.chainType} address`);
    await this.resolver.resolve(principal, address);
    return [];
  }
}
