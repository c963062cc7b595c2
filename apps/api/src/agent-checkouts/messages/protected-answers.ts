import { Inject, Injectable } from '@nestjs/common';
import { DomainException } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { AGENT_CHECKOUT_BLOBS } from '../shared/tokens.js';

/**
 * Answers to protected questions (passwords) never enter an event or a message: the secret is
 * sealed in the encrypted blob store and the run records only its reference. The reference is
 * derived from the run and the message id, so a retried message stores and refers to the same
 * place.
 */
@Injectable()
export class ProtectedAnswers {
  constructor(@Inject(AGENT_CHECKOUT_BLOBS) private readonly blobs: BlobStore) {}

  refFor(runId: string, messageId: string): string {
    return `agent-checkouts/runs/${runId}/secrets/${Buffer.from(messageId).toString('base64url')}`;
  }

  async keep(runId: string, messageId: string, secret: string): Promise<string> {
    const secretRef = this.refFor(runId, messageId);
    const stored = await this.blobs.put(secretRef, Buffer.from(secret, 'utf8'), 'text/plain');
    if (E.isLeft(stored)) throw new DomainException(stored.left);
    return secretRef;
  }
}
