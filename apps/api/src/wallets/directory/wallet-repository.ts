import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, WrongExpectedRevisionError, handleCommand } from '@paykit/event-store';
import { type Clock, type CommandContext, DomainException, type IdGenerator } from '@paykit/kernel';
import { type CreateWallet, type Wallet, type WalletEvent, type WalletState, walletDecider } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';
import { walletStream } from './wallet-ids.js';

/** A wallet with the project it belongs to (from its events' metadata). */
export interface StoredWallet {
  readonly wallet: Wallet;
  readonly projectId: string;
}

export interface CreateOutcome {
  /** False when the stream already held the wallet: the request gets the existing one (200). */
  readonly created: boolean;
  readonly wallet: Wallet;
  readonly position: bigint;
}

/** Wallet streams: folded on read (a wallet has a handful of events), written through the decider. */
@Injectable()
export class WalletRepository {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
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

  async create(command: CreateWallet, context: CommandContext): Promise<CreateOutcome> {
    const toAppend = eventsToAppend(context, this.clock, this.ids);
    const stream = walletStream(command.data.walletId);
    // Most creates make a new wallet: decide on the empty stream and append at no_stream, without
    // reading; only a stream that exists already (the 200 case) is read and decided again.
    const fresh = walletDecider.decide(command, walletDecider.initialState());
    if (E.isLeft(fresh)) throw new DomainException(fresh.left);
    const [created] = fresh.right;
    if (created?.type === 'WalletCreated') {
      try {
        const appended = await this.store.appendToStream(stream, fresh.right.map(toAppend), { expectedRevision: 'no_stream' });
        return { created: true, wallet: created.data, position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    const result = await handleCommand(this.store, stream, walletDecider, command, toAppend);
    if (E.isLeft(result)) throw new DomainException(result.left);
    const { state, events, position } = result.right;
    if (state.status !== 'created') throw new Error('a created wallet folds to a created state');
    return { created: events.length > 0, wallet: state.wallet, position };
  }
}
