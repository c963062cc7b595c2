import type { Clock, IdGenerator } from '@paykit/kernel';
import { EventStoreBlobStore } from './blobs/event-store-blob-store.js';
import type { BlobStore } from './blobs/blob-store-port.js';
import { SandboxCardIssuer } from './card-issuing/sandbox-card-issuer.js';
import { SandboxCardProcessor } from './cards/sandbox-card-processor.js';
import { SandboxCardVault } from './cards/sandbox-card-vault.js';
import type { EncryptionKey } from './encryption/aes-gcm.js';
import type { Environment } from './environment.js';
import { SandboxFaults } from './faults/sandbox-faults.js';
import { SandboxKyc, type SandboxKycOptions } from './kyc/sandbox-kyc.js';
import { SandboxBankAccountVault } from './payouts/sandbox-bank-account-vault.js';
import { SandboxPayoutRail, type SandboxPayoutRailOptions } from './payouts/sandbox-payout-rail.js';
import { SandboxPricing, type SandboxPricingOptions } from './pricing/sandbox-pricing.js';
import { memoryProviderState, type ProviderState } from './state/provider-state.js';

export interface SandboxProvidersOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Seals vaulted bank accounts. */
  readonly encryptionKey: EncryptionKey;
  /**
   * Where every sandbox keeps what it holds (the service's event store, and the key that seals
   * its records); a memory store of their own by default.
   */
  readonly state?: ProviderState;
  /** Where vaulted bank accounts are kept; streams of `state` by default. */
  readonly vaultStore?: BlobStore;
  readonly faults?: SandboxFaults;
  readonly canonicalTokenLocator?: SandboxPricingOptions['canonicalTokenLocator'];
  readonly verificationUrl?: (verificationId: string) => string;
  readonly kyc?: Pick<SandboxKycOptions, 'provider' | 'environmentId' | 'completionDelayMs' | 'defaultOutcome'>;
  readonly payouts?: Pick<SandboxPayoutRailOptions, 'sendDelayMs' | 'settlementDelayMs'>;
}

/** Every sandbox party, wired together and sharing one clock, one id source, one store and one fault plan. */
export const createSandboxProviders = (options: SandboxProvidersOptions) => {
  const { clock, ids } = options;
  const faults = options.faults ?? new SandboxFaults();
  const state = options.state ?? memoryProviderState();
  const cardVault = new SandboxCardVault({ clock, ids, faults, state });
  const bankAccountVault = new SandboxBankAccountVault({
    ids,
    faults,
    encryptionKey: options.encryptionKey,
    store:
      options.vaultStore ??
      new EventStoreBlobStore({
        store: state.store,
        namespace: 'bank-accounts',
        encryptionKey: options.encryptionKey,
        clock,
      }),
  });
  return {
    faults,
    pricing: new SandboxPricing({
      environment: options.environment,
      faults,
      ...(options.canonicalTokenLocator && { canonicalTokenLocator: options.canonicalTokenLocator }),
    }),
    cardVault,
    cardProcessor: new SandboxCardProcessor({
      vault: cardVault,
      clock,
      ids,
      faults,
      state,
      ...(options.verificationUrl && { verificationUrl: options.verificationUrl }),
    }),
    cardIssuer: new SandboxCardIssuer({ clock, ids, faults, state }),
    kyc: new SandboxKyc({ clock, ids, faults, state, ...options.kyc }),
    bankAccountVault,
    payoutRail: new SandboxPayoutRail({ vault: bankAccountVault, clock, faults, state, ...options.payouts }),
  };
};

export type SandboxProviders = ReturnType<typeof createSandboxProviders>;
