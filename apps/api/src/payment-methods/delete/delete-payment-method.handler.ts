import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainException, notFound } from '@paykit/kernel';
import type { BankAccountVaultPort } from '@paykit/providers';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { BANK_ACCOUNT_VAULT } from '../bank-account-vault.provider.js';
import { forgetVaultedAccount } from '../forget-vaulted-account.js';
import { PaymentMethodAggregate } from '../payment-method.aggregate.js';
import { SavedPaymentMethods } from '../saved-payment-methods.js';

/** `DELETE /unstable/payment-methods/{id}`: the method goes, and the vault forgets the account. */
export class DeletePaymentMethod extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly paymentMethodId: string,
  ) {
    super();
  }
}

@CommandHandler(DeletePaymentMethod)
export class DeletePaymentMethodHandler implements ICommandHandler<DeletePaymentMethod> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly saved: SavedPaymentMethods,
    @Inject(BANK_ACCOUNT_VAULT) private readonly vault: BankAccountVaultPort,
  ) {}

  async execute({ caller, paymentMethodId }: DeletePaymentMethod): Promise<void> {
    const { projectId } = caller.context;
    const method = await this.saved.get(projectId, paymentMethodId);
    if (!method) throw new DomainException(notFound());
    const { position } = await this.aggregates.execute(
      PaymentMethodAggregate,
      paymentMethodId,
      { type: 'DeletePaymentMethod', data: { paymentMethodId, at: this.aggregates.now().toISOString() } },
      caller.context,
    );
    this.saved.wrote(projectId, position);
    await forgetVaultedAccount(this.vault, method.vaultToken);
  }
}
