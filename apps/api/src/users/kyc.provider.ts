import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import {
  type KycProviderPort,
  SandboxKyc,
  StripeIdentityKyc,
  StripeIdentityWebhooks,
  createStripeClient,
} from '@paykit/providers';
import { kycProviderSettingsOf } from '../config/kyc-provider-config.js';
import type { AppConfig } from '../config/config.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { sandboxProviderState } from '../orders/providers/sandbox-state.js';

/**
 * The identity-check provider (`KycProviderPort`) KYC_PROVIDER names: Stripe Identity (ADR 0910), or
 * the sandbox, which answers approve, decline or manual review from markers in the name or email. The orders area opens checks through
 * IdentityVerificationService, which records them on the user.
 */
export const KYC_PROVIDER = Symbol('KycProvider');
/** Stripe Identity's signed webhooks (POST /webhooks/stripe-identity), or null with the sandbox, which sends none. */
export const KYC_WEBHOOKS = Symbol('KycWebhooks');

export const kycProvider: Provider = {
  provide: KYC_PROVIDER,
  useFactory: (
    clock: Clock,
    ids: IdGenerator,
    config: AppConfig,
    store: EventStore,
    secrets: AppSecrets,
  ): KycProviderPort => {
    const settings = kycProviderSettingsOf(config);
    if (settings.kind === 'stripe-identity') {
      return new StripeIdentityKyc({
        stripe: createStripeClient(settings.stripe),
        publishableKey: settings.publishableKey,
      });
    }
    return new SandboxKyc({
      clock,
      ids,
      completionDelayMs: config.KYC_SANDBOX_COMPLETION_DELAY_MS,
      // Inquiries live in the event store: they survive a restart and every instance sees them (docs/adr/0430).
      state: sandboxProviderState(store, secrets),
    });
  },
  inject: [CLOCK, ID_GENERATOR, APP_CONFIG, EVENT_STORE, AppSecrets],
};

export const kycWebhooksProvider: Provider = {
  provide: KYC_WEBHOOKS,
  useFactory: (config: AppConfig, clock: Clock): StripeIdentityWebhooks | null => {
    const settings = kycProviderSettingsOf(config);
    if (settings.kind !== 'stripe-identity') return null;
    return new StripeIdentityWebhooks({
      endpointSecret: settings.webhookSecret,
      clock,
      publishableKey: settings.publishableKey,
    });
  },
  inject: [APP_CONFIG, CLOCK],
};
