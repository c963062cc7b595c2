import type { Provider } from '@nestjs/common';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { type KycProviderPort, SandboxKyc } from '@paykit/providers';
import { CLOCK, ID_GENERATOR } from '../infrastructure/tokens.js';

/**
 * The identity-check provider (`KycProviderPort`; the sandbox answers approve, decline or
 * manual review from markers in the name or email). The orders area opens checks through
 * IdentityVerificationService, which records them on the user.
 */
export const KYC_PROVIDER = Symbol('KycProvider');

export const kycProvider: Provider = {
  provide: KYC_PROVIDER,
  useFactory: (clock: Clock, ids: IdGenerator): KycProviderPort => new SandboxKyc({ clock, ids }),
  inject: [CLOCK, ID_GENERATOR],
};
