import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, sha256Hex } from '@paykit/kernel';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';

const CLAIMED = 'WalletCreationKeyClaimed';

interface ClaimedData {
  readonly walletId: string;
  /** sha256 of the identity key the first request claimed; null when it named none. */
  readonly identity: string | null;
}

export type KeyClaim =
  | { readonly kind: 'claimed' }
  /** The key was used before, for this wallet. */
  | { readonly kind: 'used'; readonly walletId: string; readonly identity: string | null };

/** Idempotency keys of create wallet, for good: a key once used always names its wallet. */
const keyStream = (projectId: string, key: string): string => `walletkey-${projectId}-${sha256Hex(key)}`;

export const identityDigest = (identityKey: string | undefined): string | null =>
  identityKey === undefined ? null : sha256Hex(identityKey);

/**
 * The spec's rule for create wallet: a key used before returns the existing wallet with 200,
 * whatever the body. The first request binds the key to its wallet id by appending at no_stream
 * (the store's concurrency check is the lock, across instances), before creating the wallet.
 */
@Injectable()
export class CreationKeys {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async claim(projectId: string, key: string, data: ClaimedData, context: CommandContext): Promise<KeyClaim> {
    const stream = keyStream(projectId, key);
    try {
      await this.store.appendToStream(stream, [eventsToAppend(context, this.clock, this.ids)({ type: CLAIMED, data })], {
        expectedRevision: 'no_stream',
      });
      return { kind: 'claimed' };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    for await (const event of this.store.readStream(stream, { maxCount: 1 })) {
      const claimed = event.data as ClaimedData;
      return { kind: 'used', walletId: claimed.walletId, identity: claimed.identity };
    }
    throw new Error(`${stream} refused an append at no_stream but holds no event`);
  }
}
