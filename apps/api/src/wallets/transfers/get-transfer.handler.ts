import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainException, notFound } from '@paykit/kernel';
import { type Transfer, type TransferResource, toTransferResource } from '@paykit/transfers';
import { type Wallet, resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { loadWalletTransfer } from './wallet-transfer.js';

/**
 * `GET .../tokens/{tokenLocator}/transfers/{id}` and `GET .../transactions/{id}`: a transfer of
 * the wallet the locator names; with a token locator, only a transfer of that token.
 */
export class GetTransfer extends Query<TransferResource> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
    readonly transferId: string,
    readonly tokenLocator?: string,
  ) {
    super();
  }
}

@QueryHandler(GetTransfer)
export class GetTransferHandler implements IQueryHandler<GetTransfer> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
  ) {}

  async execute({ principal, walletLocator, transferId, tokenLocator }: GetTransfer): Promise<TransferResource> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    if (tokenLocator !== undefined) {
      const token = resolveTokenLocator(tokenLocator, wallet.environment, 'tokenLocator');
      if (E.isLeft(token)) throw new DomainException(token.left);
      const transfer = await loadWalletTransfer(this.aggregates, principal.projectId, wallet, transferId);
      if (!sameToken(wallet, transfer, token.right.locator)) throw new DomainException(notFound());
      return toTransferResource(transfer);
    }
    return toTransferResource(await loadWalletTransfer(this.aggregates, principal.projectId, wallet, transferId));
  }
}

const sameToken = (wallet: Wallet, transfer: Transfer, locator: string): boolean => {
  const recorded = resolveTokenLocator(transfer.token.locator, wallet.environment);
  return E.isRight(recorded) && recorded.right.locator === locator;
};
