import type { OpenApiDocument } from './openapi-document.js';
import { toOpenApiPath } from './openapi-document.js';
import { joinPath } from './route-catalog.js';
import { CONSOLE_PREFIX } from '../console/console-prefix.js';

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Routes the HTTP server serves that the document does not describe. HEAD routes Fastify adds
 * for every GET are left out; anything else missing means a route skipped `@Route`.
 */
export const undocumentedRoutes = (
  registered: readonly RegisteredRoute[],
  document: OpenApiDocument,
): RegisteredRoute[] => {
  const documented = new Set<string>();
  const defaultServer = document.servers[0]?.url ?? '/';
  for (const [path, item] of Object.entries(document.paths)) {
    const servers = item['servers'] as { url: string }[] | undefined;
    const base = servers?.[0]?.url ?? defaultServer;
    for (const method of METHODS) {
      if (item[method]) documented.add(`${method.toUpperCase()} ${joinPath(base, path)}`);
    }
  }
  return registered.filter(
    (route) =>
      route.method !== 'HEAD' &&
      // The console's HTML pages are for people, not part of the API (ADR 0820).
      !route.url.startsWith(CONSOLE_PREFIX) &&
      !documented.has(`${route.method} ${joinPath(toOpenApiPath(route.url))}`),
  );
};
