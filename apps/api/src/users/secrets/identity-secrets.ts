import { createHmac } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { type EncryptionKey, encryptionKey } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/** What each derived key is for; one key per purpose, so one says nothing of another. */
export type SecretPurpose = 'documents' | 'bank-accounts' | 'personal-data' | 'fingerprints' | 'cursors';

/** The keys of the identity areas (documents, users, payment methods, tokens), derived from the app's secrets key. */
export class IdentitySecrets {
  constructor(private readonly secrets: AppSecrets) {}

  key(purpose: SecretPurpose): Buffer {
    return this.secrets.derive(`paykit:identity:${purpose}:v1`);
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

export const identitySecretsProvider: Provider = {
  provide: IdentitySecrets,
  useFactory: (secrets: AppSecrets) => new IdentitySecrets(secrets),
  inject: [AppSecrets],
};

/** The list cursors of the identity areas, signed with their `cursors` key. */
export const identityCursorsProvider: Provider = {
  provide: SignedCursors,
  useFactory: (secrets: IdentitySecrets) => new SignedCursors(() => secrets.key('cursors')),
  inject: [IdentitySecrets],
};
