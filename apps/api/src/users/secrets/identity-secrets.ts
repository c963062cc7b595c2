import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { loadSecretsKey } from '@paykit/platform';
import { type EncryptionKey, encryptionKey } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { loadAuthSettings } from '../../auth/auth-settings.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';

/** What each derived key is for; one key per purpose, so one says nothing of another. */
export type SecretPurpose = 'documents' | 'bank-accounts' | 'personal-data' | 'fingerprints' | 'cursors';

/**
 * The keys of the identity areas (documents, users, payment methods, tokens), derived with
 * HKDF from the deployment's one secrets key (SECRETS_KEY, or the development key file in
 * DATA_DIR that the platform uses too), on first use. Beside a store in memory the root is
 * random: nothing sealed with it outlives the process, and no key file is written.
 */
export class IdentitySecrets {
  private root: Buffer | null = null;
  private readonly derived = new Map<SecretPurpose, Buffer>();

  constructor(private readonly loadRoot: () => Uint8Array) {}

  key(purpose: SecretPurpose): Buffer {
    let key = this.derived.get(purpose);
    if (!key) {
      this.root ??= Buffer.from(this.loadRoot());
      key = Buffer.from(hkdfSync('sha256', this.root, Buffer.alloc(0), `paykit:identity:${purpose}:v1`, 32));
      this.derived.set(purpose, key);
    }
    return key;
  }

  encryptionKey(purpose: SecretPurpose): EncryptionKey {
    const key = encryptionKey(this.key(purpose));
    if (E.isLeft(key)) throw new Error(key.left.message);
    return key.right;
  }

  /** A keyed digest: compares values without keeping them, and cannot be reversed by guessing. */
  fingerprint(value: string): string {
    return createHmac('sha256', this.key('fingerprints')).update(value).digest('base64url');
  }

  toJSON(): string {
    return 'IdentitySecrets';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'IdentitySecrets';
  }
}

const stringValues = (config: AppConfig): Record<string, string> =>
  Object.fromEntries(Object.entries(config).map(([name, value]) => [name, String(value)]));

export const identitySecretsOf = (config: AppConfig): IdentitySecrets =>
  new IdentitySecrets(() => {
    const settings = loadAuthSettings({ ...process.env, ...stringValues(config) });
    if (settings.SECRETS_KEY === undefined && config.EVENT_STORE === 'memory') return randomBytes(32);
    return loadSecretsKey({ value: settings.SECRETS_KEY, dataDir: config.DATA_DIR, allowGeneratedFile: settings.mayGenerateSecretsKey });
  });

export const identitySecretsProvider: Provider = {
  provide: IdentitySecrets,
  useFactory: identitySecretsOf,
  inject: [APP_CONFIG],
};
