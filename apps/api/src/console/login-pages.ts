import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainException } from '@paykit/kernel';
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
      if (!(error instanceof DomainException)) throw error;
      if (error.error.code === 'invalid_credentials') deps.loginThrottle.recordFailure(request.ip);
      return answer(error.error.kind === 'rate_limited' ? 429 : 401, error.error.message);
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
