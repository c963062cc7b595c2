import { hkdfSync, randomBytes } from 'node:crypto';
import { sha256Hex } from '@paykit/kernel';
import { loadSecretsKey } from '@paykit/platform';
import type { EncryptionKey } from '@paykit/wallets';
import { loadAuthSettings } from '../../auth/auth-settings.js';
import type { AppConfig } from '../../config/config.js';

/**
 * Keys the wallets module derives from the deployment's one secrets key (SECRETS_KEY, or the
 * development key file the platform also uses): one secret to configure, rotate and guard.
 * Each use gets its own key through HKDF, so a key of one purpose says nothing about another.
 */
export class WalletSecrets {
  private derived: { custodial: EncryptionKey; cursors: Buffer } | null = null;

  constructor(private readonly secretsKey: () => Uint8Array) {}

  /** Seals the private keys the service holds for wallets and signers (AES-256-GCM). */
  get custodialKeyEncryption(): EncryptionKey {
    return this.keys().custodial;
  }

  /** Signs list cursors so a client cannot forge or alter one. */
  get cursorSigning(): Buffer {
    return this.keys().cursors;
  }

  private keys() {
    if (this.derived) return this.derived;
    const root = this.secretsKey();
    const custodial = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'paykit:wallets:custodial-keys:v1', 32));
    const cursors = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'paykit:wallets:cursors:v1', 32));
    // The id names the key in every sealed blob (rotation); a hash of the key reveals nothing of it.
    this.derived = { custodial: { id: `sk-${sha256Hex(custodial.toString('hex')).slice(0, 16)}`, key: custodial }, cursors };
    return this.derived;
  }

  toJSON(): string {
    return 'WalletSecrets';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'WalletSecrets';
  }
}

/**
 * The secrets key as the platform reads it. A store in memory keeps nothing past the process,
 * so without SECRETS_KEY its key lives in memory too and no file is written.
 */
export const walletSecretsOf = (config: AppConfig): WalletSecrets =>
  new WalletSecrets(() => {
    const settings = loadAuthSettings({ ...process.env, ...stringValues(config) });
    if (settings.SECRETS_KEY === undefined && config.EVENT_STORE === 'memory') return randomBytes(32);
    return loadSecretsKey({ value: settings.SECRETS_KEY, dataDir: config.DATA_DIR, allowGeneratedFile: settings.mayGenerateSecretsKey });
  });

const stringValues = (config: AppConfig): Record<string, string> =>
  Object.fromEntries(Object.entries(config).map(([name, value]) => [name, String(value)]));
