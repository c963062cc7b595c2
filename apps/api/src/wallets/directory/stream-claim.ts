import {
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@paykit/event-store';

export type StreamClaim =
  | { readonly claimed: true; readonly position: bigint }
  /** Someone claimed the stream first: its first event says who. */
  | { readonly claimed: false; readonly first: RecordedEvent };

/**
 * Appends `event` as the first event of `stream`, or reads who got there first. The store's
 * no_stream check is the lock, so exactly one caller ever claims a stream, across instances.
 */
export const claimStream = async (store: EventStore, stream: string, event: EventToAppend): Promise<StreamClaim> => {
  try {
    const appended = await store.appendToStream(stream, [event], { expectedRevision: 'no_stream' });
    return { claimed: true, position: appended.position };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  for await (const first of store.readStream(stream, { maxCount: 1 })) return { claimed: false, first };
  throw new Error(`${stream} refused an append at no_stream but holds no event`);
};
