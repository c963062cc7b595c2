import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type WalletResource, toWalletResource } from '@paykit/wallets';
import type { Principal } from '../../auth/principal.js';
import { WalletResolver } from '../directory/wallet-resolver.js';

/** `GET /2025-06-09/wallets/{walletLocator}`: a wallet the caller may see, by any locator form. */
export class GetWallet extends Query<WalletResource> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
  ) {
    super();
  }
}

@QueryHandler(GetWallet)
export class GetWalletHandler implements IQueryHandler<GetWallet> {
  constructor(private readonly resolver: WalletResolver) {}

  async execute({ principal, walletLocator }: GetWallet): Promise<WalletResource> {
    return toWalletResource((await this.resolver.resolve(principal, walletLocator)).wallet);
  }
}
