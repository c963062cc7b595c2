import { join } from 'node:path';
import type { Provider } from '@nestjs/common';
import { type BankAccountVaultPort, FileBlobStore, SandboxBankAccountVault } from '@paykit/providers';
import type { IdGenerator } from '@paykit/kernel';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, ID_GENERATOR } from '../infrastructure/tokens.js';
import { IdentitySecrets } from '../users/secrets/identity-secrets.js';

/**
 * The bank-account vault (`BankAccountVaultPort`): account numbers go in, tokens and last
 * four digits come out. The payout rail of the orders area pays to its tokens.
 */
export const BANK_ACCOUNT_VAULT = Symbol('BankAccountVault');

/** Lazily opened: the vault's key is derived on the first account it seals. */
class LazyVault implements BankAccountVaultPort {
  private vault: SandboxBankAccountVault | null = null;
  constructor(private readonly open: () => SandboxBankAccountVault) {}
  tokenizeBankAccount(...args: Parameters<BankAccountVaultPort['tokenizeBankAccount']>) {
    return this.opened().tokenizeBankAccount(...args);
  }
  describeBankAccount(token: string) {
    return this.opened().describeBankAccount(token);
  }
  deleteBankAccount(token: string) {
    return this.opened().deleteBankAccount(token);
  }
  /** The sandbox itself, for the payout rail that reads its accounts. */
  opened(): SandboxBankAccountVault {
    this.vault ??= this.open();
    return this.vault;
  }
}

/** Sealed accounts live under DATA_DIR/bank-accounts (in memory beside a store in memory). */
export const bankAccountVaultProvider: Provider = {
  provide: BANK_ACCOUNT_VAULT,
  useFactory: (config: AppConfig, secrets: IdentitySecrets, ids: IdGenerator): BankAccountVaultPort =>
    new LazyVault(
      () =>
        new SandboxBankAccountVault({
          ids,
          encryptionKey: secrets.encryptionKey('bank-accounts'),
          ...(config.EVENT_STORE !== 'memory' && {
            store: new FileBlobStore({ directory: join(config.DATA_DIR, 'bank-accounts'), encryptionKey: secrets.encryptionKey('bank-accounts') }),
          }),
        }),
    ),
  inject: [APP_CONFIG, IdentitySecrets, ID_GENERATOR],
};
