import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type Clock, type CommandContext, DomainException, type IdGenerator } from '@paykit/kernel';
import {
  type SignatureRequest,
  type SignatureRequestCommand,
  type SignatureRequestEvent,
  type SignatureRequestState,
  signatureRequestDecider,
  signatureStreamName,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';

export interface StoredSignature {
  readonly request: SignatureRequest;
  readonly projectId: string;
}

/** Signature request streams (`walletsignature-<id>`): folded on read, written through their decider. */
@Injectable()
export class SignatureRepository {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async load(signatureId: string): Promise<StoredSignature | null> {
    let state: SignatureRequestState = signatureRequestDecider.initialState();
    let projectId: string | null = null;
    for await (const event of this.store.readStream(signatureStreamName(signatureId))) {
      projectId ??= event.metadata.projectId;
      state = signatureRequestDecider.evolve(state, { type: event.type, data: event.data } as SignatureRequestEvent);
    }
    return state && projectId !== null ? { request: state, projectId } : null;
  }

  /** Runs a command; a refusal is thrown as the DomainException the error layer maps. */
  async handle(signatureId: string, command: SignatureRequestCommand, context: CommandContext): Promise<SignatureRequest> {
    const result = await handleCommand(
      this.store,
      signatureStreamName(signatureId),
      signatureRequestDecider,
      command,
      eventsToAppend(context, this.clock, this.ids),
    );
    if (E.isLeft(result)) throw new DomainException(result.left);
    if (!result.right.state) throw new Error(`signature ${signatureId} folds to no state after ${command.type}`);
    return result.right.state;
  }
}
