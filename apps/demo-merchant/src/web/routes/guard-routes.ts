import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sendPage, type WebDeps } from '../context.js';
import { safeNextPath } from '../forms.js';
import { blockedPage, captchaPage } from '../pages/walls.js';

export interface GuardOptions {
  /** Paths answered with 403 "Access denied" (the path itself and everything below it). */
  readonly blockedPaths: readonly string[];
  /** User agents answered with 403 on every path: case-insensitive substrings. */
  readonly blockedUserAgents: readonly string[];
}

/**
 * Answers blocked paths and user agents with 403 "Access denied". Installed on the root instance
 * (not as an encapsulated plugin) so it sees every request, the API's included.
 */
export const installAccessGuard = (app: FastifyInstance, deps: WebDeps & GuardOptions): void => {
  app.addHook('onRequest', async (request, reply) => {
    if (isBlocked(request, deps)) return sendPage(deps, request, reply, undefined, blockedPage());
  });
};

/** A human-verification wall that no answer gets past. */
export const captchaRoutes = async (app: FastifyInstance, deps: WebDeps): Promise<void> => {
  app.get<{ Querystring: { next?: string } }>('/verify', async (request, reply) =>
    sendPage(
      deps,
      request,
      reply,
      deps.visitors.for(request, reply),
      captchaPage(safeNextPath(request.query.next), false),
    ),
  );

  // The wall exists to stop automated shoppers, so every answer fails.
  app.post<{ Body: { next?: string } }>('/verify', async (request, reply) =>
    sendPage(
      deps,
      request,
      reply,
      deps.visitors.for(request, reply),
      captchaPage(safeNextPath(request.body?.next), true),
    ),
  );
};

const isBlocked = (request: FastifyRequest, guard: GuardOptions): boolean => {
  const path = request.url.split('?')[0] ?? '/';
  const byPath = guard.blockedPaths.some(
    (blocked) => path === blocked || path.startsWith(blocked.endsWith('/') ? blocked : `${blocked}/`),
  );
  const agent = (request.headers['user-agent'] ?? '').toLowerCase();
  return byPath || guard.blockedUserAgents.some((blocked) => agent.includes(blocked.toLowerCase()));
};
