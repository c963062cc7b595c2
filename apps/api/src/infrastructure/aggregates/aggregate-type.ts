import type { RecordedEvent } from '@paykit/event-store';
import type { Decider, DomainError, DomainEvent } from '@paykit/kernel';

/**
 * An event-sourced aggregate as the runner sees it: its decider and the stream each instance
 * lives in. Two types may share streams (placing an order is one decision of two commands over
 * the order's events): the stream and the events are the aggregate, the decider one way to
 * decide on them.
 */
export interface AggregateType<Command, Event extends DomainEvent, State, Id = string> {
  /** What one instance is called in messages (`order`, `transfer`). */
  readonly name: string;
  readonly decider: Decider<Command, Event, State, DomainError>;
  /** Where an instance lives; `Id` is what names one (a string, or the parts a stream name is made of). */
  readonly streamName: (id: Id) => string;
  /** A stored event as the decider reads it (where old shapes are upcast); `{ type, data }` by default. */
  readonly toDomainEvent?: (event: RecordedEvent) => Event;
  /** A decided event as the store keeps it (personal data sealed); the event itself by default. */
  readonly toStoredEvent?: (event: Event) => DomainEvent;
}

export const aggregateType = <Command, Event extends DomainEvent, State, Id = string>(
  type: AggregateType<Command, Event, State, Id>,
): AggregateType<Command, Event, State, Id> => type;
