import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EventStoreUnavailableError } from '@paykit/event-store';
import { DomainException } from '@paykit/kernel';
import { mapException } from '../http/errors/map-exception.js';
import { type ConsoleDeps, type Fields, sendPage, sessionOf } from './console-routes.js';
import { html } from './html/html.js';
import { csrfField, layout } from './html/layout.js';
import { cookieOf, sessionCookie } from './session/cookies.js';
import { csrfMatches } from './session/csrf.js';

/** Double-submit cookie of the login form (no session yet): a page of another site cannot set it. */
const LOGIN_CSRF_COOKIE = 'paykit_console_login';

const loginPage = (deps: ConsoleDeps, token: string, error?: string): string =>
  layout(
    { title: 'Log in', testMode: deps.testMode },
    html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/console/login">
        ${csrfField(token)}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required>
        <p><button type="submit">Log in</button></p>
      </form>
      <p>No account? An admin creates one in the console, or: <code>pnpm cli operator create --email you@example.com --role admin --project &lt;id&gt;</code></p>`,
  );

const loginCsrfCookie = (token: string, secure: boolean): string =>
  [
    `${LOGIN_CSRF_COOKIE}=${token}`,
    'Path=/console/login',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');

/**
 * What a refused login shows: a wrong password 401, a locked account 429, a check that could
 * not be claimed because concurrent logins on the account kept winning the race 409 (nothing
 * was checked, so it is not a failure), an unreachable store 503. Null: not a refusal.
 */
const loginRefusal = (error: unknown): { status: number; message: string } | null => {
  if (error instanceof EventStoreUnavailableError) return { status: 503, message: UNAVAILABLE };
  if (!(error instanceof DomainException)) return null;
  switch (error.error.kind) {
    case 'unauthenticated':
    case 'rate_limited':
      return { status: mapException(error).status, message: error.error.message };
    case 'conflict':
      return { status: 409, message: CLAIM_CONFLICT };
    case 'unavailable':
      return { status: 503, message: UNAVAILABLE };
    default:
      return null;
  }
};

const CLAIM_CONFLICT =
  'Other logins to this account were being checked at the same moment, so this one was not checked: try again.';
const UNAVAILABLE = 'Logins cannot be checked right now: try again in a few minutes.';

/** The login form, login, logout and `/console` itself (to the operator's first project). */
export const registerLoginPages = (fastify: FastifyInstance, deps: ConsoleDeps): void => {
  const showLogin = (status: number, error?: string) => {
    const token = randomBytes(24).toString('base64url');
    return { token, page: loginPage(deps, token, error), status };
  };

  fastify.get('/', async (request, reply) => {
    const session = await sessionOf(deps, request);
    if (!session) return reply.redirect('/console/login', 303);
    return reply.redirect(`/console/projects/${encodeURIComponent(session.operator.projectIds[0]!)}`, 303);
  });

  fastify.get('/login', async (_request, reply) => {
    const { token, page } = showLogin(200);
    void reply.header('set-cookie', loginCsrfCookie(token, deps.secureCookies));
    return sendPage(reply, 200, page);
  });

  fastify.post('/login', async (request, reply) => {
    const body = (request.body ?? {}) as Fields;
    const answer = (status: number, error: string) => {
      const { token, page } = showLogin(status, error);
      void reply.header('set-cookie', loginCsrfCookie(token, deps.secureCookies));
      return sendPage(reply, status, page);
    };
    const expected = cookieOf(request.headers.cookie, LOGIN_CSRF_COOKIE);
    if (!expected || body['_csrf'] !== expected) return answer(403, 'The form expired: log in again');
    if (deps.loginThrottle.isBlocked(request.ip))
      return answer(429, 'Too many failed logins from this address: try again in 15 minutes');
    try {
      const session = await deps.platform.operators.login(body['email'] ?? '', body['password'] ?? '');
      void reply.header(
        'set-cookie',
        sessionCookie(session.token, { secure: deps.secureCookies, expiresAt: session.expiresAt }),
      );
      return reply.redirect('/console', 303);
    } catch (error) {
      const refusal = loginRefusal(error);
      if (!refusal) throw error;
      if (refusal.status === 401) deps.loginThrottle.recordFailure(request.ip);
      return answer(refusal.status, refusal.message);
    }
  });

  fastify.post('/logout', async (request, reply) => {
    const session = await sessionOf(deps, request);
    const body = (request.body ?? {}) as Fields;
    if (session && csrfMatches(session.token, body['_csrf'])) await deps.platform.operators.logout(session.token);
    else if (session) return sendPage(reply, 403, loginPage(deps, '', 'The form expired: reload the page'));
    void reply.header('set-cookie', sessionCookie('', { secure: deps.secureCookies }));
    return reply.redirect('/console/login', 303);
  });
};
