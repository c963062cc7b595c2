import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '@paykit/event-store';
import type { AppConfig } from '../../../config/config.js';
import { RequestValidationError } from '../../../http/validation/request-validation.error.js';
import { APP_CONFIG, EVENT_STORE } from '../../../infrastructure/tokens.js';
import { RunSnapshots } from '../../live-view/run-snapshots.js';
import { OwnedRuns } from '../../runs/owned-runs.js';
import type { Owner } from '../../shared/owner.js';
import { RunEventStream } from '../run-event-stream.js';
import { RunUpdatesHub } from '../run-updates-hub.js';
import { START, type StreamCursor, parseStreamCursor } from '../stream-cursor.js';

/** A resume cursor as the client sent it, and the field it came in (named in a 400). */
export interface CursorText {
  readonly value: string;
  readonly field: string;
}

/**
 * `GET /unstable/agent-checkouts/{runId}/messages/stream`: the owner's run as server-sent events
 * from where the client stands. The answer is the stream, checked but not started.
 */
export class OpenRunStream extends Query<RunEventStream> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
    readonly cursor: CursorText | null,
  ) {
    super();
  }
}

/** Everything that can fail (ownership, a bad cursor) fails here, while an ordinary error answer is still possible. */
@QueryHandler(OpenRunStream)
export class OpenRunStreamHandler implements IQueryHandler<OpenRunStream> {
  constructor(
    private readonly runs: OwnedRuns,
    private readonly hub: RunUpdatesHub,
    private readonly snapshots: RunSnapshots,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ owner, runId, cursor }: OpenRunStream): Promise<RunEventStream> {
    const after: StreamCursor = cursor === null ? START : parseStreamCursor(cursor.value, cursor.field);
    const run = await this.runs.get(owner, runId);
    if (after.revision > run.revision) {
      throw new RequestValidationError([
        { path: cursor?.field ?? 'after', message: 'is ahead of this run: not an id this stream sent' },
      ]);
    }
    const { store, hub, snapshots } = this;
    return new RunEventStream(
      { store, hub, snapshots, heartbeatMs: this.config.AGENT_CHECKOUT_STREAM_HEARTBEAT_MS },
      runId,
      after,
    );
  }
}
