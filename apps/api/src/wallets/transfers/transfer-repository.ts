import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type Clock, type CommandContext, DomainException, type IdGenerator } from '@paykit/kernel';
import {
  type Transfer,
  type TransferCommand,
  type TransferEvent,
  type TransferState,
  transferDecider,
  transferStreamName,
} from '@paykit/transfers';
import * as E from 'fp-ts/lib/Either.js';
import { type KeyedStep, checkKeyedStream, handleKeyedCommand } from '../../http/idempotency/keyed-commands.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';

export interface StoredTransfer {
  readonly transfer: Transfer;
  readonly projectId: string;
}

export interface TransferWrite {
  readonly transfer: Transfer;
  readonly events: readonly TransferEvent[];
  /** Where the write landed in `$all`: a list that follows it waits for its projection to get there. */
  readonly position: bigint;
}

/** Transfer streams (`transfer-<id>`): folded on read, written through the Transfer decider. */
@Injectable()
export class TransferRepository {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async load(transferId: string): Promise<StoredTransfer | null> {
    let state: TransferState = transferDecider.initialState();
    let projectId: string | null = null;
    for await (const event of this.store.readStream(transferStreamName(transferId))) {
      projectId ??= event.metadata.projectId;
      state = transferDecider.evolve(state, { type: event.type, data: event.data } as TransferEvent);
    }
    return state && projectId !== null ? { transfer: state, projectId } : null;
  }

  /**
   * Runs a command; a refusal is thrown as the DomainException the error layer maps. A step of a
   * keyed request (ADR 0305) stamps its events, and throws KeyedRequestCompleted instead of
   * deciding when the request with its key already completed on this transfer.
   */
  async handle(transferId: string, command: TransferCommand, context: CommandContext, keyed?: KeyedStep): Promise<TransferWrite> {
    const stream = transferStreamName(transferId);
    const toAppend = eventsToAppend(context, this.clock, this.ids);
    const result = keyed
      ? await handleKeyedCommand(this.store, stream, transferDecider, command, toAppend, keyed)
      : await handleCommand(this.store, stream, transferDecider, command, toAppend);
    if (E.isLeft(result)) throw new DomainException(result.left);
    const { state, events, position } = result.right;
    if (!state) throw new Error(`transfer ${transferId} folds to no state after ${command.type}`);
    return { transfer: state, events, position };
  }

  /** Before a keyed request works on a transfer: throws KeyedRequestCompleted if its key's request completed there. */
  checkKey(transferId: string, write: KeyedWrite): Promise<void> {
    return checkKeyedStream(this.store, transferStreamName(transferId), transferDecider, write);
  }
}
