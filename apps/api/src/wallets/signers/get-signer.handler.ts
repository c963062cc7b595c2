import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainException, notFound } from '@paykit/kernel';
import { normalizeSignerLocator } from '@paykit/wallets';
import type { Caller } from '../../http/caller.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { type SignerStatusResource, SignerStatuses } from './signer-statuses.js';

/**
 * `GET /2025-06-09/wallets/{walletLocator}/signers/{signer}` (the public SDK's `signers()`). The
 * caller's context is there for the one write a read may make: finishing a registration whose
 * signature completed before a crash let it add the signer (ADR 0445).
 */
export class GetSigner extends Query<SignerStatusResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly signer: string,
  ) {
    super();
  }
}

@QueryHandler(GetSigner)
export class GetSignerHandler implements IQueryHandler<GetSigner> {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly statuses: SignerStatuses,
  ) {}

  async execute({ caller, walletLocator, signer }: GetSigner): Promise<SignerStatusResource> {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const found = await this.statuses.read(wallet, normalizeSignerLocator(wallet.chainType, signer), caller.context);
    if (!found) throw new DomainException(notFound(`${signer} is not a delegated signer of this wallet`));
    return found;
  }
}
