/** Who caused an event: an API key, an end user under a project, the system itself. */
export interface Actor {
  readonly type: 'api-key' | 'user' | 'system' | 'cli' | 'operator';
  readonly id: string;
}

export interface EventMetadata {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly projectId: string | null;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly schemaVersion: number;
}

/** A domain event: a discriminated union member `{ type, data }`. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** What an adapter receives to append. */
export interface EventEnvelope<E extends DomainEvent = DomainEvent> {
  readonly type: E['type'];
  readonly data: E['data'];
  readonly metadata: EventMetadata;
}

/** The context a command runs under; turned into metadata for every event it produces. */
export interface CommandContext {
  readonly projectId: string | null;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId?: string | null;
}

export const envelope = <E extends DomainEvent>(
  event: E,
  context: CommandContext,
  ids: { eventId: string; occurredAt: Date },
  schemaVersion = 1,
): EventEnvelope<E> => ({
  type: event.type,
  data: event.data,
  metadata: {
    eventId: ids.eventId,
    occurredAt: ids.occurredAt.toISOString(),
    projectId: context.projectId,
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId ?? null,
    schemaVersion,
  },
});
