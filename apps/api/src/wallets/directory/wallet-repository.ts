import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import { type Clock, type CommandContext, DomainException, type IdGenerator } from '@paykit/kernel';
import { type CreateWallet, type Wallet, type WalletEvent, type WalletState, walletDecider } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';
import { AddressClaims, addressInUse } from './address-claims.js';
import { walletStream } from './wallet-ids.js';

/** A wallet with the project it belongs to (from its events' metadata). */
export interface StoredWallet {
  readonly wallet: Wallet;
  readonly projectId: string;
}

export interface CreateOutcome {
  /** False when the wallet existed already: the request gets the existing one (200). */
  readonly created: boolean;
  readonly wallet: Wallet;
}

/**
 * What a create whose wallet id is taken answers: `existing` when the id names the same wallet
 * by the spec's rules (derived from its identity or idempotency key), `refuse` (409) otherwise.
 */
export type WhenExisting = 'existing' | 'refuse';

/** The wallet a create command makes on an empty stream; a refused request throws its 4xx. */
export const newWalletOf = (command: CreateWallet): Wallet => {
  const decided = walletDecider.decide(command, walletDecider.initialState());
  if (E.isLeft(decided)) throw new DomainException(decided.left);
  const [created] = decided.right;
  if (created?.type !== 'WalletCreated') throw new Error('a create on an empty stream decides WalletCreated');
  return created.data;
};

/** Wallet streams: folded on read (a wallet has a handful of events), written through the decider. */
@Injectable()
export class WalletRepository {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    private readonly addresses: AddressClaims,
  ) {}

  async load(walletId: string): Promise<StoredWallet | null> {
    let state: WalletState = walletDecider.initialState();
    let projectId: string | null = null;
    for await (const event of this.store.readStream(walletStream(walletId))) {
      projectId ??= event.metadata.projectId;
      state = walletDecider.evolve(state, { type: event.type, data: event.data } as WalletEvent);
    }
    return state.status === 'created' && projectId !== null ? { wallet: state.wallet, projectId } : null;
  }

  /**
   * Claims the new wallet's address, then appends WalletCreated at no_stream without reading
   * first (most creates make a new wallet); only a taken id is read, and answered per `whenExisting`.
   * Both appends are claims of names derived from the request, so a retry after a crash between
   * them finds the address claim its own and finishes.
   */
  async create(command: CreateWallet, context: CommandContext, whenExisting: WhenExisting): Promise<CreateOutcome> {
    const wallet = newWalletOf(command);
    await this.addresses.claim(wallet, context);
    const created: WalletEvent = { type: 'WalletCreated', data: wallet };
    try {
      const toAppend = eventsToAppend(context, this.clock, this.ids);
      await this.store.appendToStream(walletStream(wallet.walletId), [toAppend(created)], { expectedRevision: 'no_stream' });
      return { created: true, wallet };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    if (whenExisting === 'refuse') throw addressInUse(wallet.address);
    const existing = await this.load(wallet.walletId);
    if (!existing) throw new Error(`${walletStream(wallet.walletId)} refused an append at no_stream but holds no wallet`);
    return { created: false, wallet: existing.wallet };
  }
}
