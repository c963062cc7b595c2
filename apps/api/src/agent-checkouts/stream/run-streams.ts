import { Inject, Injectable } from '@nestjs/common';
import { REQUEST_ID_HEADER } from '@paykit/contracts';
import type { EventStore } from '@paykit/event-store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { APP_CONFIG, EVENT_STORE } from '../../infrastructure/tokens.js';
import { RunSnapshots } from '../live-view/run-snapshots.js';
import { CallerRuns } from '../runs/caller-runs.js';
import type { Caller } from '../shared/caller.js';
import { RunStreamSession, type SseSink } from './run-stream-session.js';
import { RunUpdatesHub } from './run-updates-hub.js';
import { START, type StreamCursor, parseStreamCursor } from './stream-cursor.js';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

const sinkOn = (reply: FastifyReply): SseSink => {
  const raw = reply.raw;
  const write = (text: string) => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(text);
  };
  return {
    event: (id, name, data) => write(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    end: () => {
      if (!raw.writableEnded) raw.end();
    },
  };
};

/**
 * Opens a run's event stream: everything that can fail (ownership, a bad cursor) is checked
 * while an ordinary error answer is still possible; then the response is taken over and kept
 * open, with heartbeats, until the final snapshot, the client leaving, or shutdown.
 */
@Injectable()
export class RunStreams {
  constructor(
    @Inject(CallerRuns) private readonly runs: CallerRuns,
    @Inject(RunUpdatesHub) private readonly hub: RunUpdatesHub,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RunSnapshots) private readonly snapshots: RunSnapshots,
  ) {}

  async open(
    caller: Caller,
    runId: string,
    cursorText: { readonly value: string; readonly field: string } | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const after: StreamCursor = cursorText === null ? START : parseStreamCursor(cursorText.value, cursorText.field);
    const run = await this.runs.get(caller, runId);
    if (after.revision > run.revision) {
      throw new RequestValidationError([
        { path: cursorText?.field ?? 'after', message: 'is ahead of this run: not an id this stream sent' },
      ]);
    }

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      [REQUEST_ID_HEADER]: request.id,
    });
    reply.raw.write(`retry: ${RETRY_MS}\n\n`);

    const sink = sinkOn(reply);
    const session = new RunStreamSession(this.store, runId, after, sink, (run) => this.snapshots.of(run));
    let unlisten = (): void => undefined;
    const cleanUp = () => {
      clearInterval(heartbeat);
      unlisten();
      session.end();
    };
    const wake = () =>
      session.wake().then(
        () => (session.isEnded ? cleanUp() : undefined),
        (error: Error) => {
          request.log.warn({ err: error, runId }, 'run stream failed; closing it');
          cleanUp();
        },
      );
    const heartbeat = setInterval(() => {
      sink.comment('heartbeat');
      void wake();
    }, this.config.AGENT_CHECKOUT_STREAM_HEARTBEAT_MS);
    unlisten = this.hub.listen(runId, { changed: () => void wake(), shutdown: cleanUp });
    reply.raw.once('close', cleanUp);
    await wake();
  }
}
