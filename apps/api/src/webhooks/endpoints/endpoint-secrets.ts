import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type EncryptionKey, encryptionKey, open, seal } from '@paykit/providers';
import { ENDPOINT_SECRET_BYTES, endpointSecretOf, webhookEndpointStreamName } from '@paykit/webhooks';
import * as E from 'fp-ts/lib/Either.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/**
 * Endpoint signing secrets: drawn here, shown to the caller once, and otherwise only ever
 * stored sealed (AES-256-GCM under a key derived for this purpose, bound to the endpoint's
 * stream), in events and in the outbox alike. Never logged.
 */
@Injectable()
export class EndpointSecrets {
  private key: EncryptionKey | null = null;

  constructor(private readonly secrets: AppSecrets) {}

  generate(): string {
    return endpointSecretOf(randomBytes(ENDPOINT_SECRET_BYTES));
  }

  seal(secret: string, endpointId: string): string {
    return seal(this.encryptionKey(), Buffer.from(secret, 'utf8'), webhookEndpointStreamName(endpointId)).toString(
      'base64url',
    );
  }

  open(sealed: string, endpointId: string): string {
    const plaintext = open(
      this.encryptionKey(),
      Buffer.from(sealed, 'base64url'),
      webhookEndpointStreamName(endpointId),
    );
    if (!plaintext) throw new Error('A webhook secret does not open with this deployment’s key');
    return plaintext.toString('utf8');
  }

  private encryptionKey(): EncryptionKey {
    if (!this.key) {
      const key = encryptionKey(this.secrets.derive('paykit:webhooks:endpoint-secrets:v1'));
      if (E.isLeft(key)) throw new Error(key.left.message);
      this.key = key.right;
    }
    return this.key;
  }

  toJSON(): string {
    return 'EndpointSecrets';
  }
}
