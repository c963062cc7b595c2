import { Module } from '@nestjs/common';
import {
  IdentitySecrets,
  identityCursorsProvider,
  identitySecretsProvider,
} from '../users/secrets/identity-secrets.js';
import { PersonalDataBox } from '../users/secrets/personal-data-box.js';
import { BANK_ACCOUNT_VAULT, bankAccountVaultProvider } from './bank-account-vault.provider.js';
import { DeletePaymentMethodHandler } from './delete/delete-payment-method.handler.js';
import { PaymentMethodsController } from './payment-methods.controller.js';
import { PaymentMethodsReadModel } from './payment-methods.read-model.js';
import { GetPaymentMethodHandler } from './read/get-payment-method.handler.js';
import { ListPaymentMethodsHandler } from './read/list-payment-methods.handler.js';
import { SavePaymentMethodHandler } from './save/save-payment-method.handler.js';
import { SavedPaymentMethods } from './saved-payment-methods.js';

/** Saved payout bank accounts; exports SavedPaymentMethods (`get`, for payouts) and the bank-account vault. */
@Module({
  controllers: [PaymentMethodsController],
  providers: [
    identitySecretsProvider,
    identityCursorsProvider,
    {
      provide: PersonalDataBox,
      useFactory: (secrets: IdentitySecrets) => new PersonalDataBox(secrets),
      inject: [IdentitySecrets],
    },
    bankAccountVaultProvider,
    PaymentMethodsReadModel,
    SavedPaymentMethods,
    SavePaymentMethodHandler,
    DeletePaymentMethodHandler,
    GetPaymentMethodHandler,
    ListPaymentMethodsHandler,
  ],
  exports: [SavedPaymentMethods, BANK_ACCOUNT_VAULT],
})
export class PaymentMethodsModule {}
