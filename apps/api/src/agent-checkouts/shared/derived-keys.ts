import { createHmac, randomBytes } from 'node:crypto';
import { loadSecretsKey } from '@paykit/platform';
import type { AppConfig } from '../../config/config.js';
import { loadAuthSettings } from '../../auth/auth-settings.js';

/**
 * Keys of the agent-checkout module, each derived from the deployment's secrets key under its
 * own label (HMAC-SHA256 as a KDF), so instances sharing SECRETS_KEY (or the development key
 * file in DATA_DIR) agree on them. Next to a store in memory the root key is random, like the
 * platform's: nothing derived from it outlives the process.
 */
export class DerivedKeys {
  private root: Buffer | null = null;

  constructor(
    private readonly config: Pick<AppConfig, 'DATA_DIR'>,
    private readonly ephemeral: boolean,
  ) {}

  key(label: string): Buffer {
    return createHmac('sha256', this.rootKey()).update(`paykit/agent-checkouts/${label}`).digest();
  }

  private rootKey(): Buffer {
    if (this.root) return this.root;
    if (this.ephemeral) return (this.root = randomBytes(32));
    const settings = loadAuthSettings(process.env);
    this.root = loadSecretsKey({
      value: settings.SECRETS_KEY,
      dataDir: this.config.DATA_DIR,
      allowGeneratedFile: settings.mayGenerateSecretsKey,
    });
    return this.root;
  }
}
