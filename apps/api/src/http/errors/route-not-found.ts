import { REQUEST_ID_HEADER, errorBody } from '@paykit/contracts';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from './http-error.js';

export interface KnownRoute {
  readonly method: string;
  /** Fastify syntax: `/api/2025-06-09/wallets/:walletLocator`. */
  readonly url: string;
}

const MAX_SUGGESTIONS = 3;
/** Edits a path may be away from a route and still be named: a wrong segment, one missing or extra. */
const MAX_DISTANCE = 1.5;
const VERSION = /^(\d{4}-\d{2}-\d{2}|v\d+(-[a-z0-9]+)?|unstable)$/;

const segmentsOf = (path: string): string[] =>
  path
    .split('?')[0]!
    .split('/')
    .filter((part) => part !== '');

const isParameter = (segment: string): boolean => segment.startsWith(':');

/** Character edits between two words (a misspelt segment is one or two away). */
const wordDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
};

/** What replacing a route segment by a request segment costs: a wrong version or a typo costs half. */
const substitution = (template: string, given: string): number => {
  if (isParameter(template) || template === given) return 0;
  if (VERSION.test(template) && VERSION.test(given)) return 0.5;
  const [a, b] = [template.toLowerCase(), given.toLowerCase()];
  if (wordDistance(a, b) <= Math.max(1, Math.floor(Math.min(a.length, b.length) / 4))) return 0.5;
  return 1;
};

/** Edit distance between a route template and a request path, counted in segments. */
const distance = (template: readonly string[], given: readonly string[]): number => {
  let previous = Array.from({ length: given.length + 1 }, (_, j) => j);
  for (let i = 1; i <= template.length; i++) {
    const current = [i];
    for (let j = 1; j <= given.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + substitution(template[i - 1]!, given[j - 1]!),
      );
    }
    previous = current;
  }
  return previous[given.length]!;
};

/**
 * Whether the request names something of the route's own: a literal segment (spelt alike) that
 * is neither a version nor shared by most routes (the API prefix). `/nope` is near `/docs` by
 * distance alone, but has nothing in common with it.
 */
const sharesAWord = (template: readonly string[], given: readonly string[], common: ReadonlySet<string>): boolean =>
  template.some(
    (segment) =>
      !isParameter(segment) &&
      !VERSION.test(segment) &&
      !common.has(segment) &&
      given.some((word) => substitution(segment, word) < 1),
  );

/** Literal segments that most routes have (the API prefix): naming one says nothing. */
const commonSegments = (routes: readonly KnownRoute[]): Set<string> => {
  const counts = new Map<string, number>();
  for (const route of routes) {
    for (const segment of new Set(segmentsOf(route.url))) counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count > routes.length / 2).map(([segment]) => segment));
};

const display = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The routes closest to a request that matched none, nearest first, as `METHOD /path/{param}`:
 * the same path under another method, another version segment, a segment missing or extra.
 */
export const nearbyRoutes = (method: string, path: string, routes: readonly KnownRoute[]): string[] => {
  const given = segmentsOf(path);
  const common = commonSegments(routes);
  const scored = new Map<string, number>();
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const template = segmentsOf(route.url);
    if (!sharesAWord(template, given, common)) continue;
    const score = distance(template, given) + (route.method === method ? 0 : 0.25);
    const name = `${route.method} ${display(route.url)}`;
    if (score <= MAX_DISTANCE + 0.25 && score < (scored.get(name) ?? Infinity)) scored.set(name, score);
  }
  return [...scored]
    .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
    .slice(0, MAX_SUGGESTIONS)
    .map(([name]) => name);
};

const shown = (path: string): string => {
  const bare = path.split('?')[0]!;
  return bare.length > 200 ? `${bare.slice(0, 200)}...` : bare;
};

/**
 * Requests that match no route answer 404 naming the routes nearby (a wrong version segment, a
 * misspelt path, another method), so a caller sees at once what to call instead. The router's
 * 404 runs the `onRequest` hooks with no route options: the request is answered there.
 */
export const installRouteNotFound = (fastify: FastifyInstance, routes: () => readonly KnownRoute[]): void => {
  fastify.addHook('onRequest', (request, reply, done) => {
    // is404, not routeOptions: that getter builds an object of the route's options each call.
    if (!request.is404) {
      done();
      return;
    }
    const nearby = nearbyRoutes(request.method, request.url, routes());
    const message =
      nearby.length === 0
        ? MESSAGES.notFound
        : `${MESSAGES.notFound}: no route ${request.method} ${shown(request.url)}. Nearby: ${nearby.join(', ')}`;
    void reply
      .code(404)
      .headers({ [REQUEST_ID_HEADER]: request.id })
      .send(errorBody(message, 'route_not_found', nearby.length === 0 ? undefined : { nearby }));
  });
};
