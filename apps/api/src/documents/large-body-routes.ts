import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';

/** Route config (`@RouteConfig(LARGE_BODY)`) of a route whose body may exceed BODY_LIMIT_BYTES. */
export const LARGE_BODY = { bodyLimit: 'documents' } as const;

/**
 * Raises the body limit of the routes that declare LARGE_BODY, and of no other: a document
 * upload carries up to DOCUMENT_MAX_BYTES as base64 (4/3 of it) plus the JSON around it. The
 * hook is added while the app is built, before Nest registers the routes.
 */
@Injectable()
export class LargeBodyRoutes {
  constructor(adapterHost: HttpAdapterHost, @Inject(APP_CONFIG) config: AppConfig) {
    const limit = Math.ceil((config.DOCUMENT_MAX_BYTES * 4) / 3) + 64 * 1024;
    const fastify = adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRoute', (route) => {
      if ((route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit === LARGE_BODY.bodyLimit)
        route.bodyLimit = limit;
    });
  }
}
