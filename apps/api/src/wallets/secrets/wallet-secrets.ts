import { Injectable } from '@nestjs/common';
import { sha256Hex } from '@paykit/kernel';
import type { EncryptionKey } from '@paykit/wallets';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/** The keys of the wallets module, derived from the app's secrets key. */
@Injectable()
export class WalletSecrets {
  private custodial: EncryptionKey | null = null;

  constructor(private readonly secrets: AppSecrets) {}

  /** Seals the private keys the service holds for wallets and signers (AES-256-GCM). */
  get custodialKeyEncryption(): EncryptionKey {
    if (this.custodial) return this.custodial;
    const key = this.secrets.derive('paykit:wallets:custodial-keys:v1');
    // The id names the key in every sealed blob (rotation); a hash of the key reveals nothing of it.
    this.custodial = { id: `sk-${sha256Hex(key.toString('hex')).slice(0, 16)}`, key };
    return this.custodial;
  }

  /** Signs list cursors so a client cannot forge or alter one. */
  get cursorSigning(): Buffer {
    return this.secrets.derive('paykit:wallets:cursors:v1');
  }

  toJSON(): string {
    return 'WalletSecrets';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'WalletSecrets';
  }
}
