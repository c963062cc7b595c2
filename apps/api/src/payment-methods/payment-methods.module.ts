import { Module } from '@nestjs/common';
import { IdentitySecrets, identityCursorsProvider, identitySecretsProvider } from '../users/secrets/identity-secrets.js';
import { PersonalDataBox } from '../users/secrets/personal-data-box.js';
import { BANK_ACCOUNT_VAULT, bankAccountVaultProvider } from './bank-account-vault.provider.js';
import { PaymentMethodsController } from './payment-methods.controller.js';
import { PaymentMethodsReadModel } from './payment-methods.read-model.js';
import { PaymentMethodsService } from './payment-methods.service.js';

/** Saved payout bank accounts; exports PaymentMethodsService (`get`) and the bank-account vault. */
@Module({
  controllers: [PaymentMethodsController],
  providers: [
    identitySecretsProvider,
    identityCursorsProvider,
    { provide: PersonalDataBox, useFactory: (secrets: IdentitySecrets) => new PersonalDataBox(secrets), inject: [IdentitySecrets] },
    bankAccountVaultProvider,
    PaymentMethodsReadModel,
    PaymentMethodsService,
  ],
  exports: [PaymentMethodsService, BANK_ACCOUNT_VAULT],
})
export class PaymentMethodsModule {}
