import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { IdentityVerificationService } from './identity-verification.service.js';
import { KYC_PROVIDER, kycProvider } from './kyc.provider.js';
import { LinkedWalletsService } from './linked-wallets.service.js';
import { IdentitySecrets, identitySecretsProvider } from './secrets/identity-secrets.js';
import { PersonalDataBox } from './secrets/personal-data-box.js';
import { UserDetailsService } from './user-details.service.js';
import { UserStreams } from './user-streams.js';
import { UsersController } from './users.controller.js';

/**
 * Users: details and KYC data, identity verification, linked external wallets. Exports
 * IdentityVerificationService (eligibility, kycStanding, openCheck), LinkedWalletsService
 * (isLinkedToUser, linkedUserOf) and the KYC provider, for the orders area.
 */
@Module({
  imports: [DocumentsModule],
  controllers: [UsersController],
  providers: [
    identitySecretsProvider,
    { provide: PersonalDataBox, useFactory: (secrets: IdentitySecrets) => new PersonalDataBox(secrets), inject: [IdentitySecrets] },
    kycProvider,
    UserStreams,
    UserDetailsService,
    IdentityVerificationService,
    LinkedWalletsService,
  ],
  exports: [IdentityVerificationService, LinkedWalletsService, KYC_PROVIDER],
})
export class UsersModule {}
