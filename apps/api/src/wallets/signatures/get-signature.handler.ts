import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type SignatureResource, toSignatureResource } from '@paykit/wallets';
import type { Principal } from '../../auth/principal.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { loadWalletSignature } from './wallet-signature.js';

/** `GET /2025-06-09/wallets/{walletLocator}/signatures/{signatureId}`: a signature request of the wallet. */
export class GetSignature extends Query<SignatureResource> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
    readonly signatureId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSignature)
export class GetSignatureHandler implements IQueryHandler<GetSignature> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
  ) {}

  async execute({ principal, walletLocator, signatureId }: GetSignature): Promise<SignatureResource> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    return toSignatureResource(await loadWalletSignature(this.aggregates, principal.projectId, wallet, signatureId));
  }
}
