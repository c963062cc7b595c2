import { type Scope, SCOPES } from '@paykit/platform';
import { scopesOf } from '../../../src/http/routes/route-contract.js';
import { type DeclaredRoute, RouteCatalog } from '../../../src/openapi/route-catalog.js';
import type { TestServer } from '../../support/start-server.js';

/** `METHOD /path/:param` as the app declares it (prefix left out): the key of every table. */
export const routeKey = (route: DeclaredRoute): string => `${route.contract.method} ${route.pathWithinApp}`;

/** Every route of the running app, from its catalogue: a route added tomorrow is in the tables at once. */
export const declaredRoutes = (server: TestServer): readonly DeclaredRoute[] => server.app.get(RouteCatalog).routes();

export const pathParamsOf = (route: DeclaredRoute): string[] =>
  [...route.pathWithinApp.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);

export const declaredScopesOf = (route: DeclaredRoute): readonly Scope[] => scopesOf(route.contract);

/** A scope every key holds, whatever it was granted (projects.read): no key can lack it. */
export const isHeldByEveryKey = (scope: Scope): boolean =>
  (SCOPES[scope] as { heldByEveryKey?: boolean }).heldByEveryKey === true;

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Path values of the right shape that name nothing (any other parameter gets NO_SUCH_ID). */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  walletLocator: '0x000000000000000000000000000000000000dEaD',
  tokenLocator: 'base-sepolia:usdc',
  userLocator: 'userId:nobody',
  address: '0x000000000000000000000000000000000000dEaD',
  messageId: `msg_${'0'.repeat(32)}`,
  file: 'no-such-asset.css',
};
/** A value naming nothing, of the shape `value` has (a `<chain>:<address>` locator keeps its chain). */
export const placeholderFor = (param: string, value = ''): string => {
  const placeholder = PLACEHOLDERS[param] ?? NO_SUCH_ID;
  const chain = /^([a-z0-9-]+):0x[0-9a-fA-F]{40}$/.exec(value)?.[1];
  return chain === undefined ? placeholder : `${chain}:${placeholder}`;
};

/** The served URL of `route` with its path parameters filled in (each encoded as one segment). */
export const urlOf = (rootUrl: string, route: DeclaredRoute, params: Readonly<Record<string, string>>): string => {
  const path = route.servedPath.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return `${rootUrl}${path}`;
};

/** What authentication answers when it refuses a caller: none of these may come from a handler. */
export const AUTH_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'missing_api_key',
  'malformed_api_key',
  'invalid_api_key',
  'revoked_api_key',
  'missing_scope',
  'wrong_environment',
  'server_key_required',
  'client_auth_not_configured',
  'missing_jwt',
  'expired_jwt',
  'invalid_jwt',
]);

export interface Answer {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read field by field
  readonly body: any;
  readonly text: string;
  readonly contentType: string;
}

/**
 * One request, answered without waiting for an event stream to end: a `text/event-stream` answer
 * is cut off once its status and headers arrive (its body is left empty).
 */
export const send = async (
  url: string,
  request: { method: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> => {
  const abort = new AbortController();
  const hasBody = request.body !== undefined;
  const response = await fetch(url, {
    method: request.method,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: hasBody ? JSON.stringify(request.body) : undefined,
    signal: abort.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.status, body: undefined, text: '', contentType };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, text, contentType };
};

/** Whether authentication let the caller through (any answer of the handler, success or not). */
export const passedAuthentication = (answer: Answer): boolean =>
  answer.status !== 401 && !AUTH_REFUSAL_CODES.has(String((answer.body as { code?: unknown } | undefined)?.code));

/** Short enough to read in a failure message. */
export const describeAnswer = (answer: Answer): string => `${answer.status} ${answer.text.slice(0, 300)}`;
