import type { EventToAppend } from '@paykit/event-store';
import { type Clock, type CommandContext, type DomainEvent, type IdGenerator, envelope } from '@paykit/kernel';

/** Turns domain events into what the store appends, stamped with the command's context. */
export const eventsToAppend =
  (context: CommandContext, clock: Clock, ids: IdGenerator) =>
  (event: DomainEvent): EventToAppend =>
    envelope(event, context, { eventId: ids.uuid(), occurredAt: clock.now() });
