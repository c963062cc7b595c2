import type { EventStore } from '@paykit/event-store';
import { type ProviderState, lazyEncryptionKey } from '@paykit/providers';
import type { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/**
 * Where the sandbox card processor, KYC and payout rail keep what they hold (docs/adr/0430):
 * the app's event store, shared by every instance on it, their records sealed with a key of
 * their own derived from SECRETS_KEY (on first use: a deployment that never seals anything
 * never needs it).
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
