import { randomUUID } from 'node:crypto';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AppendExpectedRevision,
  type ResolvedEvent,
  jsonEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '@paykit/kernel';
import type { EventToAppend, ExpectedRevision, RecordedEvent } from '../port.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** EventStoreDB reports this commit position on stream reads of servers older than 22.6 (no position). */
const NO_POSITION = 0xffffffffffffffffn;

/**
 * Our port's expected revision in the client's terms. `-1n` (what an empty append to a missing
 * stream reports as its revision) is the client's own spelling of "no stream".
 */
export const toClientExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'exists':
      return STREAM_EXISTS;
    default:
      return expected < 0n ? NO_STREAM : expected;
  }
};

/**
 * An event for the client. The event id is the metadata's eventId when it is a UUID, so a write
 * retried after a lost acknowledgement is recognised by the server as the same write. Data and
 * metadata are serialised once up front: a value JSON cannot hold fails here, before any I/O.
 */
export const toEventData = (event: EventToAppend) => {
  JSON.stringify(event.data ?? null);
  JSON.stringify(event.metadata ?? null);
  const eventId = (event.metadata as Partial<EventMetadata> | null)?.eventId;
  return jsonEvent({
    id: typeof eventId === 'string' && UUID.test(eventId) ? eventId : randomUUID(),
    type: event.type,
    data: (event.data ?? null) as never,
    metadata: (event.metadata ?? null) as never,
  });
};

/** System events ($-prefixed types, or streams such as `$$order-1` metadata) never reach our port. */
export const isSystemEvent = (resolved: ResolvedEvent): boolean => {
  const event = resolved.event;
  return !event || event.type.startsWith('$') || event.streamId.startsWith('$');
};

/**
 * Our global position is EventStoreDB's commit position. For events appended without explicit
 * transactions (all of ours) each event has its own commit position equal to its prepare
 * position, so one bigint orders exactly like the (commit, prepare) pair.
 */
export const positionOf = (resolved: ResolvedEvent): bigint => {
  const position = resolved.event?.position?.commit ?? resolved.commitPosition;
  if (position === undefined || position === NO_POSITION) {
    throw new Error(
      'EventStoreDB sent an event without its $all position: stream reads need EventStoreDB 22.10 or later',
    );
  }
  return position;
};

export const fromResolved = (resolved: ResolvedEvent): RecordedEvent => {
  const event = resolved.event!;
  return {
    streamName: event.streamId,
    revision: event.revision,
    position: positionOf(resolved),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
};

export const toClientPosition = (position: bigint) => ({ commit: position, prepare: position });
