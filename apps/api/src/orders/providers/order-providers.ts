import type { Provider } from '@nestjs/common';
import type { Clock, IdGenerator } from '@paykit/kernel';
import {
  type BankAccountVaultPort,
  type PayoutRailPort,
  SandboxCardProcessor,
  SandboxCardVault,
  SandboxPayoutRail,
} from '@paykit/providers';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { BANK_ACCOUNT_VAULT } from '../../payment-methods/bank-account-vault.provider.js';

/** The card processor's vault (CardVaultPort): the only party that ever takes a card number. */
export const CARD_VAULT = Symbol('CardVault');
/** The card processor (CardProcessorPort): charges vault tokens. */
export const CARD_PROCESSOR = Symbol('CardProcessor');
/** The bank payout rail (PayoutRailPort) that offramp orders are paid out on. */
export const PAYOUT_RAIL = Symbol('PayoutRail');

/** Where the sandbox sends a cardholder for a verification step: our sandbox route, under the API prefix. */
export const cardVerificationPath = (config: AppConfig, verificationId: string): string =>
  `${config.API_PREFIX}/unstable/card-verifications/${verificationId}`;

export const orderProviders: Provider[] = [
  {
    provide: CARD_VAULT,
    useFactory: (clock: Clock, ids: IdGenerator) => new SandboxCardVault({ clock, ids }),
    inject: [CLOCK, ID_GENERATOR],
  },
  {
    provide: CARD_PROCESSOR,
    useFactory: (vault: SandboxCardVault, clock: Clock, ids: IdGenerator, config: AppConfig) =>
      new SandboxCardProcessor({ vault, clock, ids, verificationUrl: (id) => cardVerificationPath(config, id) }),
    inject: [CARD_VAULT, CLOCK, ID_GENERATOR, APP_CONFIG],
  },
  {
    provide: PAYOUT_RAIL,
    useFactory: (vault: BankAccountVaultPort, clock: Clock, ids: IdGenerator, config: AppConfig): PayoutRailPort =>
      new SandboxPayoutRail({
        vault,
        clock,
        ids,
        sendDelayMs: config.PAYOUT_SANDBOX_SEND_DELAY_MS,
        settlementDelayMs: config.PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS,
      }),
    inject: [BANK_ACCOUNT_VAULT, CLOCK, ID_GENERATOR, APP_CONFIG],
  },
];
