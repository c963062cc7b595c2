import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';

/**
 * An order's client secret (ADR 0306): HMAC-SHA256 of the order id under a key derived from the
 * secrets key. The order keeps only its hash, as before; the secret itself is stored nowhere, and
 * a replay of the request that created the order derives it again. Orders made before keep their
 * random secrets, which verify by hash as ever.
 */
@Injectable()
export class ClientSecrets {
  constructor(private readonly secrets: AppSecrets) {}

  of(orderId: string): string {
    const digest = createHmac('sha256', this.secrets.derive('paykit:orders:client-secrets:v1'))
      .update(orderId)
      .digest('base64url');
    return `${orderId}_secret_${digest.slice(0, 32)}`;
  }
}
