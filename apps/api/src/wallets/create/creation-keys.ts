import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, sha256Hex } from '@paykit/kernel';
import type { CreateWalletRequest } from '@paykit/wallets';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { claimStream } from '../directory/stream-claim.js';
import { eventsToAppend } from '../../infrastructure/events-to-append.js';

const CLAIMED = 'WalletCreationKeyClaimed';

export interface KeyBinding {
  /** Derived from the request's identity, or else from the key: never a random id. */
  readonly walletId: string;
  /**
   * The request that used the key, its owner resolved: whoever finds the key's wallet missing
   * (the first request died) creates that wallet from it. Claims written before v2 lack it.
   */
  readonly request?: CreateWalletRequest;
}

export type KeyClaim =
  | { readonly kind: 'claimed' }
  /** The key was used before, for this wallet. */
  | ({ readonly kind: 'used' } & KeyBinding);

/** Idempotency keys of create wallet, for good: a key once used always names its wallet. Scoped as ADR 0311 says. */
const keyStream = (scope: string, key: string): string => `walletkey-${scope}-${sha256Hex(key)}`;

/**
 * The spec's rule for create wallet: a key used before returns the existing wallet with 200,
 * whatever the body. The first request binds the key to its wallet id and request by appending
 * at no_stream (the store's concurrency check is the lock, across instances), then creates.
 */
@Injectable()
export class CreationKeys {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async claim(
    /** keyScopeOf the caller: its project and acting subject. */
    scope: string,
    key: string,
    binding: Required<KeyBinding>,
    context: CommandContext,
  ): Promise<KeyClaim> {
    const event = eventsToAppend(context, this.clock, this.ids)({ type: CLAIMED, data: binding });
    const claim = await claimStream(this.store, keyStream(scope, key), event);
    if (claim.claimed) return { kind: 'claimed' };
    const { walletId, request } = claim.first.data as KeyBinding;
    return { kind: 'used', walletId, ...(request !== undefined && { request }) };
  }
}
