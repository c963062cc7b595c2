import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type UserCommand, type UserEvent, type UserLocator, type UserState, userDecider, userKeyOf, userStream } from '@paykit/identity';
import { type Clock, DomainException, type IdGenerator } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { type ProjectContext, toEnvelope } from './http/caller.js';

/** A user's stream (details and identity verification): folded on read, written through the decider. */
@Injectable()
export class UserStreams {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  streamOf(projectId: string, user: UserLocator): string {
    return userStream(projectId, userKeyOf(projectId, user));
  }

  async load(projectId: string, user: UserLocator): Promise<UserState> {
    let state = userDecider.initialState();
    for await (const event of this.store.readStream(this.streamOf(projectId, user))) {
      state = userDecider.evolve(state, { type: event.type, data: event.data } as UserEvent);
    }
    return state;
  }

  async run(context: ProjectContext, user: UserLocator, command: UserCommand): Promise<UserState> {
    const result = await handleCommand(
      this.store,
      this.streamOf(context.projectId, user),
      userDecider,
      command,
      toEnvelope(context, this.clock, this.ids),
    );
    if (E.isLeft(result)) throw new DomainException(result.left);
    return result.right.state;
  }
}
