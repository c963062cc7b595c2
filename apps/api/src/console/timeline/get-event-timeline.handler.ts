import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '@paykit/event-store';
import type { Actor } from '@paykit/kernel';
import { EVENT_STORE } from '../../infrastructure/tokens.js';

/** One event of a resource's stream, as the console's timeline shows it: no payload, so no secret. */
export interface TimelineEntry {
  readonly at: string;
  readonly type: string;
  readonly actor: Actor;
}

/**
 * A stream's events in order, only when the project's: the order page's timeline (quote, KYC,
 * payment, delivery, refund) with each step's time and actor. Callers check the resource first
 * through the API's own query (GetOrder), so this adds no access of its own.
 */
export class GetEventTimeline extends Query<TimelineEntry[]> {
  constructor(
    readonly projectId: string,
    readonly streamName: string,
  ) {
    super();
  }
}

@QueryHandler(GetEventTimeline)
export class GetEventTimelineHandler implements IQueryHandler<GetEventTimeline> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ projectId, streamName }: GetEventTimeline): Promise<TimelineEntry[]> {
    const entries: TimelineEntry[] = [];
    for await (const event of this.store.readStream(streamName)) {
      if (event.metadata.projectId !== projectId) continue;
      entries.push({ at: event.metadata.occurredAt, type: event.type, actor: event.metadata.actor });
    }
    return entries;
  }
}
