import { Inject, Injectable } from '@nestjs/common';
import { type DomainError, DomainException } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { AGENT_CHECKOUT_BLOBS } from '../shared/tokens.js';

const keyOf = (profileId: string) => `agent-checkouts/browser-profiles/${profileId}/state`;
const unwrap = <A>(result: E.Either<DomainError, A>): A => {
  if (E.isLeft(result)) throw new DomainException(result.left);
  return result.right;
};

/**
 * The saved browser state of each profile (cookies, storage: the user's logins), encrypted at
 * rest by the blob store. A browser strategy saves and loads it; the erasure worker deletes it
 * for good once the profile is deleted and no run uses it any more.
 */
@Injectable()
export class BrowserProfileStates {
  constructor(@Inject(AGENT_CHECKOUT_BLOBS) private readonly blobs: BlobStore) {}

  async save(profileId: string, state: Uint8Array): Promise<void> {
    unwrap(await this.blobs.put(keyOf(profileId), state, 'application/json'));
  }

  async load(profileId: string): Promise<Uint8Array | null> {
    return unwrap(await this.blobs.get(keyOf(profileId)))?.bytes ?? null;
  }

  /** Irreversible; erasing what is already gone is fine. */
  async erase(profileId: string): Promise<void> {
    unwrap(await this.blobs.delete(keyOf(profileId)));
  }
}
