import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type EncryptionKey, encryptionKey, open, seal } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';
import { canonicalJson } from './request-fingerprint.js';

/** What makes two requests with one key "the same request" (ADR 0305). */
export interface RequestIdentity {
  readonly method: string;
  /** The path as the client sent it (with its query), or a route template for keyed writes. */
  readonly path: string;
  readonly params?: unknown;
  readonly body: unknown;
}

/**
 * The idempotency layer's keys, derived from the deployment's secrets key: request fingerprints
 * are keyed digests (a body with an account number in it cannot be recovered by guessing), and
 * recorded responses are sealed (AES-256-GCM) to the key stream they belong to.
 */
@Injectable()
export class IdempotencySecrets {
  constructor(private readonly secrets: AppSecrets) {}

  fingerprint(request: RequestIdentity): string {
    const material = `${request.method.toUpperCase()}\n${request.path}\n${canonicalJson(request.params)}\n${canonicalJson(request.body)}`;
    return createHmac('sha256', this.secrets.derive('paykit:idempotency:fingerprints:v1'))
      .update(material)
      .digest('base64url');
  }

  seal(value: unknown, boundTo: string): string {
    return seal(this.responseKey(), Buffer.from(JSON.stringify(value), 'utf8'), boundTo).toString('base64url');
  }

  /** The sealed value, or null when it does not open (another deployment's key, or moved from its stream). */
  open(sealed: string, boundTo: string): unknown {
    const plaintext = open(this.responseKey(), Buffer.from(sealed, 'base64url'), boundTo);
    return plaintext === null ? null : (JSON.parse(plaintext.toString('utf8')) as unknown);
  }

  private responseKey(): EncryptionKey {
    const key = encryptionKey(this.secrets.derive('paykit:idempotency:responses:v1'));
    if (E.isLeft(key)) throw new Error(key.left.message);
    return key.right;
  }
}
