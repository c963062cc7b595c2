import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors/http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Aborted when the request runs past REQUEST_TIMEOUT_MS (the client already has its 504) or
     * the client goes away: pass it to slow work so it stops early.
     */
    deadline: AbortSignal;
  }
}

/**
 * Answers `504 { error: true, message: 'A timeout occurred.' }` when a request is not answered
 * within `timeoutMs`, from routing to the last byte, guards included. Fastify's own
 * `handlerTimeout` is not used: on Node 20 the request's 'close' event fires once its body is
 * read, which clears that timer (and aborts `request.signal`) for every request with a body.
 */
const DEADLINE = Symbol('deadline');

interface WithDeadline {
  [DEADLINE]?: AbortController;
}

export const installRequestTimeout = (fastify: FastifyInstance, timeoutMs: number): void => {
  // Made on first use: most handlers never look at it, and every request pays for what it makes.
  fastify.decorateRequest('deadline', {
    getter(this: FastifyRequest & WithDeadline): AbortSignal {
      this[DEADLINE] ??= new AbortController();
      return this[DEADLINE].signal;
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    const withDeadline = request as FastifyRequest & WithDeadline;
    const timer = setTimeout(() => {
      if (!reply.sent) {
        request.log.warn({ timeoutMs }, 'request timed out');
        void reply.code(504).send({ error: true, message: MESSAGES.timeout });
      }
      (withDeadline[DEADLINE] ??= new AbortController()).abort(new Error(`Request timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      if (!reply.raw.writableFinished)
        (withDeadline[DEADLINE] ??= new AbortController()).abort(new Error('The client went away'));
    });
    done();
  });
};
