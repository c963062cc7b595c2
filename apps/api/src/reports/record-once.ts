import { type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import { type Clock, type CommandContext, type DomainEvent, type IdGenerator, envelope } from '@paykit/kernel';

/**
 * Appends an observation as the first event of its own stream: false when the stream exists (the
 * same thing observed before, here or by another instance), so each is recorded once.
 */
export const recordOnce = async (
  deps: { readonly store: EventStore; readonly clock: Clock; readonly ids: IdGenerator },
  stream: string,
  event: DomainEvent,
  context: CommandContext,
): Promise<boolean> => {
  try {
    await deps.store.appendToStream(
      stream,
      [envelope(event, context, { eventId: deps.ids.uuid(), occurredAt: deps.clock.now() })],
      { expectedRevision: 'no_stream' },
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
};
