import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainException, getOrThrow, notFound } from '@paykit/kernel';
import {
  type SignerTransactionResource,
  delegatedSignerRemoval,
  registrationApprover,
  signerGeneration,
  toSignerTransactionResource,
} from '@paykit/wallets';
import type { Caller } from '../../http/caller.js';
import { chainsOfWallet, walletChain } from '../balances/wallet-chains.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { SignerOperations } from './signer-operations.js';
import { SignerRegistrations } from './signer-registrations.js';

/**
 * `DELETE /2025-06-09/wallets/{walletLocator}/signers/{signer}?chain=` (the public SDK's
 * `removeSigner`): a wallet transaction of kind remove-signer that the admin approves, on every
 * chain family (the SDK approves and polls it as a transaction: ADR 0450). The same request
 * again answers the same transaction, also once the signer is gone.
 */
export class RemoveSigner extends Command<SignerTransactionResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly signer: string,
    readonly chain: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(RemoveSigner)
export class RemoveSignerHandler implements ICommandHandler<RemoveSigner> {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly registrations: SignerRegistrations,
    private readonly operations: SignerOperations,
  ) {}

  async execute({ caller, walletLocator, signer, chain }: RemoveSigner): Promise<SignerTransactionResource> {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const admin = getOrThrow(registrationApprover(wallet));
    const { locator, present } = getOrThrow(delegatedSignerRemoval(wallet, signer));
    const chainInfo = chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, chain, 'chain');
    if (!chainInfo) throw new Error(`no chain for wallet ${wallet.walletId}`);
    if (!present) {
      // Removed already: the transaction that removed it (the last generation's).
      const done = await this.registrations.find('remove', wallet, locator, signerGeneration(wallet, locator) - 1);
      const operation = done && 'transactionId' in done ? await this.operations.find(wallet, done.transactionId) : null;
      if (!operation) throw new DomainException(notFound(`${signer} is not a delegated signer of this wallet`));
      return toSignerTransactionResource(operation);
    }
    const operation = await this.operations.open(
      wallet,
      { kind: 'remove-signer', locator, chain: chainInfo.name, admin },
      caller.context,
    );
    return toSignerTransactionResource(operation);
  }
}
