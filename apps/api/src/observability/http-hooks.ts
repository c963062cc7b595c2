import { REQUEST_ID_HEADER } from '@paykit/contracts';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Fastify hooks for every request, matched or not: the request id goes back on the response,
 * and the duration is recorded under the route template (`unmatched` for unknown routes, so
 * scanners cannot blow up the label set).
 */
export const installObservabilityHooks = (fastify: FastifyInstance, metrics: Metrics): void => {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
};
