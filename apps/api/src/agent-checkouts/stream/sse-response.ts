import { REQUEST_ID_HEADER } from '@paykit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SseSink } from './run-stream-session.js';
import type { StreamConnection } from './run-event-stream.js';

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

/** Takes the response over from the framework and starts it as `text/event-stream`, kept open. */
export const openSseResponse = (request: FastifyRequest, reply: FastifyReply): StreamConnection => {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    [REQUEST_ID_HEADER]: request.id,
  });
  reply.raw.write(`retry: ${RETRY_MS}\n\n`);
  return {
    sink: sinkOn(reply),
    onClose: (listener) => reply.raw.once('close', listener),
    log: request.log,
  };
};
