import type { RecordedEvent } from '@paykit/event-store';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';

/** The reference result of a projection: folded directly over `events`, without the runner. */
export const foldInto = (db: ReadModelDatabase, projection: Projection, events: readonly RecordedEvent[]): void => {
  db.transaction(() => {
    projection.reset(db);
    projection.setup(db);
    for (const event of events) projection.apply(db, event);
  })();
};
