import type { EventStore } from '@paykit/event-store';
import { type EncryptionKey, type ProviderState, encryptionKey } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/** An AES key derived from the secrets key, read on first use: a deployment that never seals anything never needs SECRETS_KEY. */
export const lazyEncryptionKey = (derive: () => Buffer): (() => EncryptionKey) => {
  let key: EncryptionKey | null = null;
  return () => {
    if (key) return key;
    const checked = encryptionKey(derive());
    if (E.isLeft(checked)) throw new Error(checked.left.message);
    key = checked.right;
    return key;
  };
};

/**
 * Where the sandbox card processor, KYC and payout rail keep what they hold (docs/adr/0430):
 * the app's event store, shared by every instance on it, their records sealed with a key of
 * their own derived from SECRETS_KEY.
 */
export const sandboxProviderState = (store: EventStore, secrets: AppSecrets): ProviderState => {
  const key = lazyEncryptionKey(() => secrets.derive('paykit:sandbox-providers:records:v1'));
  return {
    store,
    get encryptionKey() {
      return key();
    },
  };
};
