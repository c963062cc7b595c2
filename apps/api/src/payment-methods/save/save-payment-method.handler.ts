import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreatePaymentMethodBody, PaymentMethodResponse } from '@paykit/contracts';
import { type SavedPaymentMethod, fieldError, parseUserLocator, paymentMethodStream } from '@paykit/identity';
import { type DomainError, DomainException, type IdGenerator, getOrThrow } from '@paykit/kernel';
import type { BankAccountVaultPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { PersonalDataBox } from '../../users/secrets/personal-data-box.js';
import { BANK_ACCOUNT_VAULT } from '../bank-account-vault.provider.js';
import { PaymentMethodAggregate } from '../payment-method.aggregate.js';
import { forgetVaultedAccount } from '../forget-vaulted-account.js';
import { SavedPaymentMethods } from '../saved-payment-methods.js';

/** `POST /unstable/payment-methods`: save a bank account to pay out to. */
export class SavePaymentMethod extends Command<PaymentMethodResponse> {
  constructor(
    readonly caller: Caller,
    readonly body: CreatePaymentMethodBody,
  ) {
    super();
  }
}

/** The vault's refusals, renamed after the request field they are about. */
const VAULT_FIELDS: Readonly<Record<string, string>> = {
  invalid_account_number: 'bankAccount.accountNumber',
  invalid_routing_number: 'bankAccount.routingNumber',
  currency_not_supported: 'bankAccount.currency',
  country_not_supported: 'bankAccount.country',
};

const fromVault = (error: DomainError): DomainError => {
  const field = error.kind === 'invalid' ? VAULT_FIELDS[error.code] : undefined;
  return field === undefined ? error : fieldError(field, error.message, error.code);
};

/**
 * The account number goes straight to the vault; the events, the read model and every answer
 * hold its token and last four digits only (the billing details sealed).
 */
@CommandHandler(SavePaymentMethod)
export class SavePaymentMethodHandler implements ICommandHandler<SavePaymentMethod> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly saved: SavedPaymentMethods,
    private readonly personalData: PersonalDataBox,
    @Inject(BANK_ACCOUNT_VAULT) private readonly vault: BankAccountVaultPort,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ caller, body }: SavePaymentMethod): Promise<PaymentMethodResponse> {
    const { projectId } = caller.context;
    const userLocator = getOrThrow(parseUserLocator(body.userLocator));
    const { bankAccount } = body;
    const vaulted = await this.vault.tokenizeBankAccount({
      accountNumber: bankAccount.accountNumber,
      routingNumber: bankAccount.routingNumber,
      accountType: bankAccount.accountType,
      holderName: bankAccount.billing.name,
      currency: bankAccount.currency,
      country: bankAccount.country,
    });
    if (E.isLeft(vaulted)) throw new DomainException(fromVault(vaulted.left));
    const paymentMethodId = this.ids.uuid();
    const method: SavedPaymentMethod = {
      paymentMethodId,
      userLocator,
      type: 'bank-account-us',
      vaultToken: vaulted.right.token,
      bankAccount: {
        accountSuffix: vaulted.right.accountSuffix,
        routingNumber: vaulted.right.routingNumber,
        bankName: bankAccount.bankName,
        accountType: vaulted.right.accountType,
        currency: vaulted.right.currency,
        country: vaulted.right.country,
        entityType: bankAccount.entityType,
      },
      sealedBilling: this.personalData.seal(bankAccount.billing, paymentMethodStream(paymentMethodId)),
      createdAt: this.aggregates.now().toISOString(),
    };
    let position: bigint;
    try {
      ({ position } = await this.aggregates.execute(
        PaymentMethodAggregate,
        paymentMethodId,
        { type: 'SavePaymentMethod', data: method },
        caller.context,
      ));
    } catch (error) {
      await forgetVaultedAccount(this.vault, method.vaultToken);
      throw error;
    }
    this.saved.wrote(projectId, position);
    // The answer's `default` and a list that follows count the new method.
    await this.saved.waitForOwnWrites(projectId);
    return this.saved.present(projectId, method);
  }
}
