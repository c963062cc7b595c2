import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import {
  type BankAccountVaultPort,
  SandboxBankAccountVault,
  StripeBankAccountVault,
  createStripeClient,
  lazyEncryptionKey,
  openEventStoreBlobStore,
} from '@paykit/providers';
import type { AppConfig } from '../config/config.js';
import { payoutRailSettingsOf } from '../config/payout-rail-config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { IdentitySecrets } from '../users/secrets/identity-secrets.js';

/**
 * The bank-account vault (`BankAccountVaultPort`): account numbers go in, tokens and last
 * four digits come out. The payout rail of the orders area pays to its tokens.
 */
export const BANK_ACCOUNT_VAULT = Symbol('BankAccountVault');

/**
 * With PAYOUT_RAIL=stripe the accounts are the connected account's external accounts at Stripe
 * (docs/adr/0911). Otherwise sealed accounts live in the app's event store, so every instance pays out to what any of them
 * vaulted (docs/adr/0431); files an earlier version left under DATA_DIR/bank-accounts are moved
 * in on start. The vault's key is derived on the first account it seals or opens.
 */
export const bankAccountVaultProvider: Provider = {
  provide: BANK_ACCOUNT_VAULT,
  useFactory: async (
    config: AppConfig,
    secrets: IdentitySecrets,
    ids: IdGenerator,
    store: EventStore,
    clock: Clock,
  ): Promise<BankAccountVaultPort> => {
    const settings = payoutRailSettingsOf(config);
    if (settings.kind === 'stripe') {
      return new StripeBankAccountVault({ stripe: createStripeClient(settings.stripe), account: settings.account });
    }
    const key = lazyEncryptionKey(() => secrets.key('bank-accounts'));
    const blobs = await openEventStoreBlobStore(
      {
        store,
        namespace: 'bank-accounts',
        clock,
        get encryptionKey() {
          return key();
        },
      },
      config.EVENT_STORE === 'memory' ? undefined : join(config.DATA_DIR, 'bank-accounts'),
    );
    return new SandboxBankAccountVault({
      ids,
      store: blobs,
      get encryptionKey() {
        return key();
      },
    });
  },
  inject: [APP_CONFIG, IdentitySecrets, ID_GENERATOR, EVENT_STORE, CLOCK],
};
