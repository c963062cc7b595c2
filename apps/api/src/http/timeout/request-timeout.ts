import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** A request in flight, in the queue of requests by deadline. */
interface InFlight {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly dueAt: number;
  queued: boolean;
  previous: InFlight | null;
  next: InFlight | null;
  controller: AbortController | null;
}

const IN_FLIGHT = Symbol('inFlight');

interface WithInFlight {
  [IN_FLIGHT]: InFlight | null;
}

const clientWentAway = (entry: InFlight): boolean => entry.reply.raw.destroyed && !entry.reply.raw.writableFinished;

/**
 * Answers `504 { error: true, message: 'A timeout occurred.' }` when a request is not answered
 * within `timeoutMs`, from routing to the last byte, guards included. Fastify's own
 * `handlerTimeout` is not used: on Node 20 the request's 'close' event fires once its body is
 * read, which clears that timer (and aborts `request.signal`) for every request with a body.
 *
 * Every request has the same timeout, so deadlines come in the order requests do: requests in
 * flight wait in one queue (a linked list: a request that finishes leaves it in O(1)) under one
 * timer set for the oldest, instead of a timer and a 'close' listener per request. The
 * listener that notices a client going away is added only when a handler reads `deadline`.
 */
export class RequestTimeout {
  private oldest: InFlight | null = null;
  private newest: InFlight | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly timeoutMs: number) {}

  /** Decorates requests with `deadline` (and the slot the queue uses); before any request. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onClose', (_instance, done) => {
      this.stop();
      done();
    });
    fastify.decorateRequest(IN_FLIGHT, null);
    fastify.decorateRequest('deadline', {
      getter(this: FastifyRequest): AbortSignal {
        const entry = (this as FastifyRequest & WithInFlight)[IN_FLIGHT];
        // Only before onRequest (a hook registered ahead of this one): nothing to time yet.
        if (entry === null) return new AbortController().signal;
        return signalOf(entry);
      },
    });
  }

  /** From onRequest: the request's deadline starts now. */
  start(request: FastifyRequest, reply: FastifyReply): void {
    const entry: InFlight = {
      request,
      reply,
      dueAt: Date.now() + this.timeoutMs,
      queued: true,
      previous: this.newest,
      next: null,
      controller: null,
    };
    if (this.newest) this.newest.next = entry;
    else this.oldest = entry;
    this.newest = entry;
    (request as FastifyRequest & WithInFlight)[IN_FLIGHT] = entry;
    if (this.timer === null) this.arm(this.timeoutMs);
  }

  /** From onResponse: the response is sent, the deadline no longer applies. */
  finish(request: FastifyRequest): void {
    const entry = (request as FastifyRequest & WithInFlight)[IN_FLIGHT];
    if (entry?.queued) this.remove(entry);
  }

  /** Stops the timer (the server is closing). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private remove(entry: InFlight): void {
    if (entry.previous) entry.previous.next = entry.next;
    else this.oldest = entry.next;
    if (entry.next) entry.next.previous = entry.previous;
    else this.newest = entry.previous;
    entry.queued = false;
    entry.previous = null;
    entry.next = null;
  }

  private arm(delayMs: number): void {
    this.timer = setTimeout(() => this.expire(), Math.max(0, delayMs));
    // In-flight requests keep the server (and so the process) alive; this timer need not.
    this.timer.unref();
  }

  private expire(): void {
    this.timer = null;
    const now = Date.now();
    while (this.oldest !== null && this.oldest.dueAt <= now) {
      const entry = this.oldest;
      this.remove(entry);
      timedOut(entry, this.timeoutMs);
    }
    if (this.oldest !== null) this.arm(this.oldest.dueAt - now);
  }
}

const signalOf = (entry: InFlight): AbortSignal => {
  if (entry.controller === null) {
    const controller = new AbortController();
    entry.controller = controller;
    if (clientWentAway(entry)) controller.abort(new Error('The client went away'));
    else {
      const raw = entry.reply.raw;
      raw.once('close', () => {
        if (!raw.writableFinished) controller.abort(new Error('The client went away'));
      });
    }
  }
  return entry.controller.signal;
};

const timedOut = (entry: InFlight, timeoutMs: number): void => {
  const { request, reply } = entry;
  if (clientWentAway(entry)) {
    entry.controller?.abort(new Error('The client went away'));
    return;
  }
  if (!reply.sent) {
    request.log.warn({ timeoutMs }, 'request timed out');
    void reply.code(504).send({ error: true, message: MESSAGES.timeout });
  }
  (entry.controller ??= new AbortController()).abort(new Error(`Request timed out after ${timeoutMs} ms`));
};
