import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { PutUserDetailsHandler } from './details/put-user-details.handler.js';
import { IdentityVerificationService } from './identity-verification.service.js';
import { KYC_PROVIDER, kycProvider, kycWebhooksProvider } from './kyc.provider.js';
import { LinkWalletHandler } from './linked-wallets/link-wallet.handler.js';
import { LinkedWalletsService } from './linked-wallets.service.js';
import { IdentitySecrets, identitySecretsProvider } from './secrets/identity-secrets.js';
import { PersonalDataBox } from './secrets/personal-data-box.js';
import { UserDetailsBox } from './user-details-box.js';
import { UsersController } from './users.controller.js';
import { GetIdentityVerificationHandler } from './verification/get-identity-verification.handler.js';
import { RecordKycWebhookHandler } from './verification/record-kyc-webhook.handler.js';
import { StripeIdentityWebhooksController } from './verification/stripe-identity-webhooks.controller.js';
import { StartIdentityVerificationHandler } from './verification/start-identity-verification.handler.js';

/**
 * Users: details and KYC data, identity verification (and the KYC provider's webhooks), linked external wallets. Exports
 * IdentityVerificationService (eligibility, kycStanding, openCheck), LinkedWalletsService
 * (isLinkedToUser, linkedUserOf) and the KYC provider, for the orders area.
 */
@Module({
  imports: [DocumentsModule],
  controllers: [UsersController, StripeIdentityWebhooksController],
  providers: [
    identitySecretsProvider,
    {
      provide: PersonalDataBox,
      useFactory: (secrets: IdentitySecrets) => new PersonalDataBox(secrets),
      inject: [IdentitySecrets],
    },
    kycProvider,
    kycWebhooksProvider,
    UserDetailsBox,
    IdentityVerificationService,
    LinkedWalletsService,
    PutUserDetailsHandler,
    StartIdentityVerificationHandler,
    GetIdentityVerificationHandler,
    RecordKycWebhookHandler,
    LinkWalletHandler,
  ],
  exports: [IdentityVerificationService, LinkedWalletsService, KYC_PROVIDER],
})
export class UsersModule {}
