import { REQUEST_ID_HEADER } from '@paykit/contracts';
import type { FastifyInstance } from 'fastify';
import type { RequestTimeout } from '../http/timeout/request-timeout.js';
import type { Metrics } from './metrics.js';
import type { RequestLog } from './request-log/request-log.js';

/**
 * The Fastify hooks of every request, matched or not, one per phase: the request id goes back
 * on the response and the request's deadline starts; once answered, the deadline is dropped
 * and the duration recorded under the route template (`unmatched` for unknown routes, so
 * scanners cannot blow up the label set); a request a key authenticated goes into its project's
 * request log (queued, written in batches).
 */
export const installRequestHooks = (
  fastify: FastifyInstance,
  metrics: Metrics,
  timeout: RequestTimeout,
  requestLog: RequestLog,
): void => {
  timeout.install(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    timeout.start(request, reply);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    timeout.finish(request);
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const principal = request.principal;
    if (principal)
      requestLog.record({
        requestId: request.id,
        projectId: principal.projectId,
        method: request.method,
        path: request.url.split('?', 1)[0]!,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        keyId: principal.keyId,
        keyPrefix: principal.keyPrefix,
      });
    done();
  });
};
