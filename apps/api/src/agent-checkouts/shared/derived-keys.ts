import type { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/**
 * Keys of the agent-checkout module, each derived from the app's secrets key under its own
 * label, so instances sharing SECRETS_KEY (or the development key file in DATA_DIR) agree on them.
 */
export class DerivedKeys {
  constructor(private readonly secrets: AppSecrets) {}

  key(label: string): Buffer {
    return this.secrets.deriveByHmac(`paykit/agent-checkouts/${label}`);
  }
}
