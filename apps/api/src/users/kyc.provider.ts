import type { Provider } from '@nestjs/common';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { type KycProviderPort, SandboxKyc } from '@paykit/providers';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, ID_GENERATOR } from '../infrastructure/tokens.js';

/**
 * The identity-check provider (`KycProviderPort`; the sandbox answers approve, decline or
 * manual review from markers in the name or email). The orders area opens checks through
 * IdentityVerificationService, which records them on the user.
 */
export const KYC_PROVIDER = Symbol('KycProvider');

export const kycProvider: Provider = {
  provide: KYC_PROVIDER,
  useFactory: (clock: Clock, ids: IdGenerator, config: AppConfig): KycProviderPort =>
    new SandboxKyc({ clock, ids, completionDelayMs: config.KYC_SANDBOX_COMPLETION_DELAY_MS }),
  inject: [CLOCK, ID_GENERATOR, APP_CONFIG],
};
