import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainException, invalid } from '@paykit/kernel';
import { findChain, isAddressOf } from '@paykit/wallets';
import type { Principal } from '../../auth/principal.js';
import { WalletResolver } from '../directory/wallet-resolver.js';

/**
 * `GET /2025-06-09/wallets/{chain}:{address}/nfts` (as the public SDK sends it): the wallet's
 * NFTs on that chain. The sandbox chains hold none, so every page is empty until an
 * NFT-capable chain adapter exists; the wallet and chain are still checked (404, 400).
 */
export class ListNfts extends Query<unknown[]> {
  constructor(
    readonly principal: Principal,
    /** `<chain>:<address>`. */
    readonly identifier: string,
  ) {
    super();
  }
}

@QueryHandler(ListNfts)
export class ListNftsHandler implements IQueryHandler<ListNfts> {
  constructor(private readonly resolver: WalletResolver) {}

  async execute({ principal, identifier }: ListNfts): Promise<unknown[]> {
    const separator = identifier.indexOf(':');
    const chainName = identifier.slice(0, separator);
    const address = identifier.slice(separator + 1);
    const refuse = (message: string) =>
      new DomainException(invalid('invalid_wallet_locator', `walletLocator: ${message}`));
    if (separator <= 0) throw refuse('expected <chain>:<address>, e.g. base-sepolia:0x...');
    const chain = findChain(chainName, principal.environment);
    if (!chain) throw refuse(`unknown chain "${chainName}" in ${principal.environment}`);
    if (!isAddressOf(chain.chainType, address))
      throw refuse(`"${address}" is not ${chain.chainType === 'evm' ? 'an' : 'a'} ${chain.chainType} address`);
    await this.resolver.resolve(principal, address);
    return [];
  }
}
