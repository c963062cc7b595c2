import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainException, domainError } from '@paykit/kernel';
import type { Operator, Platform, Project } from '@paykit/platform';
import type { Caller } from '../http/caller.js';
import { mapException } from '../http/errors/map-exception.js';
import { type Html, html } from './html/html.js';
import { layout } from './html/layout.js';
import { SESSION_COOKIE, cookieOf } from './session/cookies.js';
import { csrfMatches, csrfTokenOf } from './session/csrf.js';
import type { IpThrottle } from './session/ip-throttle.js';
import { canWrite, operatorCaller } from './session/operator-principal.js';

/** What the console works with: the API's buses, the platform's services, how it is deployed. */
export interface ConsoleDeps {
  readonly queries: QueryBus;
  readonly commands: CommandBus;
  readonly platform: Platform;
  readonly testMode: boolean;
  /** Production: the session cookie is Secure. */
  readonly secureCookies: boolean;
  readonly loginThrottle: IpThrottle;
}

export type Fields = Readonly<Record<string, string | undefined>>;

/** One request to a project's page: who asks, on which project, and what they sent. */
export interface PageContext {
  readonly queries: QueryBus;
  readonly commands: CommandBus;
  readonly platform: Platform;
  readonly operator: Operator;
  readonly project: Project;
  /** What the API's queries and commands take: the operator as a principal of the project. */
  readonly caller: Caller;
  readonly csrfToken: string;
  readonly params: Fields;
  readonly query: Fields;
  readonly body: Fields;
  /** `/console/projects/<id>`: where the project's pages live. */
  readonly base: string;
  render(title: string, section: string, body: Html): string;
  /** Records the operator's action in the audit log, once it succeeded. */
  audit(action: string, target: string | null): Promise<void>;
}

/** A page, a redirect after a write, or a file (a run's step screenshot) sent as it is. */
export type PageOutcome =
  | string
  | { readonly redirect: string }
  | { readonly file: { readonly bytes: Uint8Array; readonly contentType: string } };

export interface PageRoute {
  readonly method: 'GET' | 'POST';
  /** Below `/console/projects/:projectId`. */
  readonly path: string;
  /** Who may: everyone on the project reads; writers (admin, developer) write; some pages are the admin's. */
  readonly access?: 'read' | 'write' | 'admin';
  handle(context: PageContext): Promise<PageOutcome>;
}

export const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Log in again',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  422: 'Cannot do that',
  429: 'Too many attempts',
};

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, v]) => [
          key,
          Array.isArray(v) ? String(v[0]) : String(v),
        ]),
      )
    : {};

export const sendPage = (reply: FastifyReply, status: number, page: string): FastifyReply =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

/** A file of the project's, for the signed-in operator's browser only: never cached, never sniffed. */
const sendFile = (reply: FastifyReply, file: { bytes: Uint8Array; contentType: string }): FastifyReply =>
  reply
    .status(200)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .type(file.contentType)
    .send(Buffer.from(file.bytes));

const forbidden = (message: string) => new DomainException(domainError('forbidden', 'operator_forbidden', message));

/** The signed-in operator of a request, with its session token; null without a live session. */
export const sessionOf = async (
  deps: ConsoleDeps,
  request: FastifyRequest,
): Promise<{ operator: Operator; token: string } | null> => {
  const token = cookieOf(request.headers.cookie, SESSION_COOKIE);
  if (!token) return null;
  const operator = await deps.platform.operators.authenticate(token);
  return operator ? { operator, token } : null;
};

/**
 * Registers a project page: a session or a redirect to the login page, the operator's access to
 * the project (404 otherwise, as the API answers another project's resource), for a POST the
 * CSRF token and the role, then the page. Refusals of the API's rules come back as its status
 * and message on an HTML page.
 */
export const registerPage = (fastify: FastifyInstance, deps: ConsoleDeps, route: PageRoute): void => {
  fastify.route({
    method: route.method,
    url: `/projects/:projectId${route.path}`,
    handler: async (request, reply) => {
      const session = await sessionOf(deps, request);
      if (!session) return reply.redirect('/console/login', 303);
      const { operator, token } = session;
      const csrfToken = csrfTokenOf(token);
      const params = fieldsOf(request.params);
      const render = (title: string, section: string, body: Html, projectId?: string) =>
        layout(
          { title, section, testMode: deps.testMode, operator, csrfToken, ...(projectId ? { projectId } : {}) },
          body,
        );
      try {
        const projectId = params['projectId']!;
        if (!operator.projectIds.includes(projectId))
          throw new DomainException(domainError('not_found', 'project_not_found', 'Project not found'));
        const body = fieldsOf(request.body);
        if (route.method === 'POST' && !csrfMatches(token, body['_csrf']))
          throw forbidden('The form expired or came from another site: reload the page and try again');
        const access = route.access ?? (route.method === 'POST' ? 'write' : 'read');
        if (access === 'write' && !canWrite(operator.role))
          throw forbidden(`A ${operator.role} operator can read but not change anything`);
        if (access === 'admin' && operator.role !== 'admin') throw forbidden('Only an admin operator can do this');
        const project = await deps.platform.projects.require(projectId);
        const outcome = await route.handle({
          queries: deps.queries,
          commands: deps.commands,
          platform: deps.platform,
          operator,
          project,
          caller: operatorCaller(operator, project, request.id),
          csrfToken,
          params,
          query: fieldsOf(request.query),
          body,
          base: `/console/projects/${encodeURIComponent(projectId)}`,
          render: (title, section, page) => render(title, section, page, projectId),
          audit: (action, target) => deps.platform.operators.record(operator.operatorId, { action, projectId, target }),
        });
        if (typeof outcome === 'string') return sendPage(reply, 200, outcome);
        if ('file' in outcome) return sendFile(reply, outcome.file);
        return reply.redirect(outcome.redirect, 303);
      } catch (error) {
        const { status, body } = mapException(error);
        if (status >= 500) request.log.error({ err: error }, 'console page failed');
        const title = STATUS_TITLES[status] ?? 'Something went wrong';
        // The API answers every not-found alike; a page may say more (what it looked for, where).
        const message =
          status >= 500
            ? 'The request failed; try again.'
            : error instanceof DomainException
              ? error.error.message
              : body.message;
        return sendPage(
          reply,
          status,
          render(
            title,
            '',
            html`<p class="error" role="alert">${message}</p><p><a href="/console">Back to the console</a></p>`,
            operator.projectIds.includes(params['projectId'] ?? '') ? params['projectId'] : undefined,
          ),
        );
      }
    },
  });
};
