import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import {
  type BankAccountVaultPort,
  type CardProcessorPort,
  type CardWebhooksPort,
  type PayoutRailPort,
  SandboxCardProcessor,
  SandboxCardVault,
  SandboxPayoutRail,
  StripeCardProcessor,
  StripePayoutRail,
  StripePayoutWebhooks,
  StripeWebhooks,
  createStripeClient,
} from '@paykit/providers';
import { cardProcessorSettingsOf } from '../../config/card-processor-config.js';
import { payoutRailSettingsOf } from '../../config/payout-rail-config.js';
import type { AppConfig } from '../../config/config.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { BANK_ACCOUNT_VAULT } from '../../payment-methods/bank-account-vault.provider.js';
import { sandboxProviderState } from './sandbox-state.js';

/** The card processor's vault (CardVaultPort): the only party that ever takes a card number. */
export const CARD_VAULT = Symbol('CardVault');
/** The card processor (CardProcessorPort): charges vault tokens (sandbox) or PaymentMethod ids (Stripe). */
export const CARD_PROCESSOR = Symbol('CardProcessor');
/** The card processor's signed webhooks (CardWebhooksPort), or null when it sends none (the sandbox). */
export const CARD_WEBHOOKS = Symbol('CardWebhooks');
/** The bank payout rail (PayoutRailPort) PAYOUT_RAIL names, that offramp orders are paid out on (docs/adr/0911). */
export const PAYOUT_RAIL = Symbol('PayoutRail');
/** Stripe's signed payout webhooks (POST /webhooks/stripe-payouts), or null with the sandbox rail, which sends none. */
export const PAYOUT_WEBHOOKS = Symbol('PayoutWebhooks');

/** Where the sandbox sends a cardholder for a verification step: our sandbox route, under the API prefix. */
export const cardVerificationPath = (config: AppConfig, verificationId: string): string =>
  `${config.API_PREFIX}/unstable/card-verifications/${verificationId}`;

/**
 * The parties of orders. The card processor is the one CARD_PROCESSOR names (docs/adr/0900);
 * the sandboxes keep their tokens, charges and payouts in the app's event store (docs/adr/0430).
 */
export const orderProviders: Provider[] = [
  {
    provide: CARD_VAULT,
    useFactory: (clock: Clock, ids: IdGenerator, store: EventStore, secrets: AppSecrets) =>
      new SandboxCardVault({ clock, ids, state: sandboxProviderState(store, secrets) }),
    inject: [CLOCK, ID_GENERATOR, EVENT_STORE, AppSecrets],
  },
  {
    provide: CARD_PROCESSOR,
    useFactory: (
      vault: SandboxCardVault,
      clock: Clock,
      ids: IdGenerator,
      config: AppConfig,
      store: EventStore,
      secrets: AppSecrets,
    ): CardProcessorPort => {
      const settings = cardProcessorSettingsOf(config);
      if (settings.kind === 'stripe') {
        return new StripeCardProcessor({ stripe: createStripeClient(settings), returnUrl: settings.returnUrl });
      }
      return new SandboxCardProcessor({
        vault,
        clock,
        ids,
        verificationUrl: (id) => cardVerificationPath(config, id),
        state: sandboxProviderState(store, secrets),
      });
    },
    inject: [CARD_VAULT, CLOCK, ID_GENERATOR, APP_CONFIG, EVENT_STORE, AppSecrets],
  },
  {
    provide: CARD_WEBHOOKS,
    useFactory: (config: AppConfig, clock: Clock): CardWebhooksPort | null => {
      const settings = cardProcessorSettingsOf(config);
      return settings.kind === 'stripe' ? new StripeWebhooks({ endpointSecret: settings.webhookSecret, clock }) : null;
    },
    inject: [APP_CONFIG, CLOCK],
  },
  {
    provide: PAYOUT_RAIL,
    useFactory: (
      vault: BankAccountVaultPort,
      clock: Clock,
      config: AppConfig,
      store: EventStore,
      secrets: AppSecrets,
    ): PayoutRailPort => {
      const settings = payoutRailSettingsOf(config);
      if (settings.kind === 'stripe') {
        return new StripePayoutRail({ stripe: createStripeClient(settings.stripe), account: settings.account });
      }
      return new SandboxPayoutRail({
        vault,
        clock,
        sendDelayMs: config.PAYOUT_SANDBOX_SEND_DELAY_MS,
        settlementDelayMs: config.PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS,
        state: sandboxProviderState(store, secrets),
      });
    },
    inject: [BANK_ACCOUNT_VAULT, CLOCK, APP_CONFIG, EVENT_STORE, AppSecrets],
  },
  {
    provide: PAYOUT_WEBHOOKS,
    useFactory: (config: AppConfig, clock: Clock): StripePayoutWebhooks | null => {
      const settings = payoutRailSettingsOf(config);
      return settings.kind === 'stripe'
        ? new StripePayoutWebhooks({ endpointSecret: settings.webhookSecret, clock })
        : null;
    },
    inject: [APP_CONFIG, CLOCK],
  },
];
