import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { loadSecretsKey } from '@paykit/platform';
import { authSettingsOf } from '../../auth/auth-settings.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../tokens.js';

/**
 * The deployment's one secrets key (SECRETS_KEY, or the development key file in DATA_DIR that
 * the platform's CLI uses too), read once on first use, and the sub-keys every area derives
 * from it: one secret to configure, rotate and guard, and a key per purpose, so one says
 * nothing of another. Beside a store in memory the root is random: nothing sealed or signed
 * with it outlives the process, and no key file is written.
 */
export class AppSecrets {
  private root: Buffer | null = null;
  private readonly derived = new Map<string, Buffer>();

  constructor(private readonly loadRoot: () => Uint8Array) {}

  /** The root key itself, for the platform's secret box (which has always sealed with it). */
  rootKey(): Buffer {
    this.root ??= Buffer.from(this.loadRoot());
    return this.root;
  }

  /** A 32-byte sub-key: HKDF-SHA256 of the root with an empty salt and `info` naming the purpose. */
  derive(info: string): Buffer {
    return this.memoized(`hkdf:${info}`, () =>
      Buffer.from(hkdfSync('sha256', this.rootKey(), Buffer.alloc(0), info, 32)),
    );
  }

  /**
   * A 32-byte sub-key as HMAC-SHA256(root, label). Agent checkouts derived their keys so before
   * HKDF was shared; their sealed blobs and cursors depend on it staying the same.
   */
  deriveByHmac(label: string): Buffer {
    return this.memoized(`hmac:${label}`, () => createHmac('sha256', this.rootKey()).update(label).digest());
  }

  private memoized(name: string, make: () => Buffer): Buffer {
    let key = this.derived.get(name);
    if (!key) {
      key = make();
      this.derived.set(name, key);
    }
    return key;
  }

  toJSON(): string {
    return 'AppSecrets';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'AppSecrets';
  }
}

export const appSecretsOf = (config: AppConfig): AppSecrets =>
  new AppSecrets(() => {
    const settings = authSettingsOf(config);
    if (settings.SECRETS_KEY === undefined && config.EVENT_STORE === 'memory') return randomBytes(32);
    return loadSecretsKey({
      value: settings.SECRETS_KEY,
      dataDir: config.DATA_DIR,
      allowGeneratedFile: settings.mayGenerateSecretsKey,
    });
  });

export const appSecretsProvider: Provider = { provide: AppSecrets, useFactory: appSecretsOf, inject: [APP_CONFIG] };
