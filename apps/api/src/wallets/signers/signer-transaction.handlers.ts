import { Command, CommandHandler, type ICommandHandler, Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SubmitApprovalsBody } from '@paykit/contracts';
import { type SignerTransactionResource, toSignerTransactionResource } from '@paykit/wallets';
import type { Caller } from '../../http/caller.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { SignerOperations } from './signer-operations.js';

/**
 * `GET .../transactions/{id}` for a signer operation of the wallet, or null. The caller's
 * context is there for the one write a read may make: applying an approved operation that a
 * crash left unapplied (ADR 0448).
 */
export class GetSignerTransaction extends Query<SignerTransactionResource | null> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly transactionId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSignerTransaction)
export class GetSignerTransactionHandler implements IQueryHandler<GetSignerTransaction> {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly operations: SignerOperations,
  ) {}

  async execute({ caller, walletLocator, transactionId }: GetSignerTransaction) {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const operation = await this.operations.find(wallet, transactionId, caller.context);
    return operation && toSignerTransactionResource(operation);
  }
}

/** `POST .../transactions/{id}/approvals` for a signer operation of the wallet, or null. */
export class ApproveSignerTransaction extends Command<SignerTransactionResource | null> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly transactionId: string,
    readonly body: SubmitApprovalsBody,
  ) {
    super();
  }
}

@CommandHandler(ApproveSignerTransaction)
export class ApproveSignerTransactionHandler implements ICommandHandler<ApproveSignerTransaction> {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly operations: SignerOperations,
  ) {}

  async execute({ caller, walletLocator, transactionId, body }: ApproveSignerTransaction) {
    const { wallet } = await this.resolver.resolve(caller.principal, walletLocator);
    const approved = await this.operations.approve(wallet, transactionId, body, caller.context);
    return approved && toSignerTransactionResource(approved);
  }
}
