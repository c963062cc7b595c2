import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/**
 * Seals small secrets (a project's HS256 JWT secret) with AES-256-GCM under the deployment's
 * secrets key. The associated data binds a sealed value to its owner (the project id), so a
 * sealed secret copied into another project's stream does not open there.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 *
 * The key may be given lazily: a deployment that never seals a secret never needs one (and
 * in development, never writes a key file).
 */
export class SecretBox {
  private resolved: Buffer | null = null;

  constructor(private readonly source: Uint8Array | (() => Uint8Array)) {
    if (typeof source !== 'function') this.resolved = checked(source);
  }

  private get key(): Buffer {
    this.resolved ??= checked(typeof this.source === 'function' ? this.source() : this.source);
    return this.resolved;
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was not sealed with this key for this owner, or was altered. */
  open(sealed: string, associatedData: string): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
      throw new Error('not a sealed secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Never let the key reach a log line through util.inspect or JSON. */
  toJSON(): string {
    return 'SecretBox';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'SecretBox';
  }
}

const checked = (key: Uint8Array): Buffer => {
  if (key.length !== KEY_BYTES) throw new RangeError(`the secrets key must be ${KEY_BYTES} bytes`);
  return Buffer.from(key);
};
