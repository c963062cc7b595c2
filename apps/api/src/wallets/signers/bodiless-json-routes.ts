import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, preParsingHookHandler } from 'fastify';

/** Route config (`@RouteConfig(BODILESS_JSON)`) of a bodiless route that clients call with a JSON content type. */
export const BODILESS_JSON = { emptyJsonBody: 'no-body' } as const;

/**
 * The public SDK's `removeSigner` sends `DELETE` with `content-type: application/json` and no
 * body, which Fastify's JSON parser refuses (400 invalid_json). On the routes that declare
 * BODILESS_JSON, an empty body with that header is read as no body at all; a body is still parsed.
 */
const dropContentTypeOfEmptyBody: preParsingHookHandler = async (request) => {
  const { headers } = request;
  if (headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0') {
    delete headers['content-type'];
  }
};

@Injectable()
export class BodilessJsonRoutes {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRoute', (route) => {
      if ((route.config as { emptyJsonBody?: unknown } | undefined)?.emptyJsonBody !== BODILESS_JSON.emptyJsonBody)
        return;
      const existing = route.preParsing === undefined ? [] : [route.preParsing].flat();
      route.preParsing = [dropContentTypeOfEmptyBody, ...existing];
    });
  }
}
