import { ALL_SCOPES, isDisplayPrefix } from '@paykit/platform';
import { DomainException, domainError, invalid } from '@paykit/kernel';
import { SANE_REQUEST_ID } from '../../observability/request-id.js';
import { REQUESTS_KEPT_PER_PROJECT } from '../../observability/request-log/request-log.js';
import type { RequestLogEntry } from '../../observability/request-log/request-log-store.js';
import { NEWEST_SHOWN, SearchRequestLog } from '../../observability/request-log/search-request-log.handler.js';
import type { PageContext, PageRoute } from '../console-routes.js';
import { html, table } from '../html/html.js';
import { csrfField } from '../html/layout.js';

const SECTION = 'Developers';

const keysView = async (context: PageContext, issued?: string) => {
  const { platform, project, base, csrfToken, render } = context;
  const keys = await platform.apiKeys.list(project.projectId);
  return render(
    'Developers',
    SECTION,
    html`${issued ? html`<div class="notice" role="status"><p>New API key, shown this once:</p><p class="secret">${issued}</p></div>` : ''}
    ${table(
      'API keys',
      ['Prefix', 'Kind', 'Scopes', 'Status', 'Issued', ''],
      keys.map((key) => [
        key.displayPrefix,
        key.kind,
        key.scopes.join(', '),
        key.status,
        key.issuedAt,
        key.status === 'active'
          ? html`<form method="post" action="${base}/developers/keys/revoke" class="inline">${csrfField(csrfToken)}
              <input type="hidden" name="prefix" value="${key.displayPrefix}">
              <button type="submit" aria-label="Revoke ${key.displayPrefix}">Revoke</button></form>`
          : '',
      ]),
    )}
    <h2>Create a key</h2>
    <form method="post" action="${base}/developers/keys">
      ${csrfField(csrfToken)}
      <label for="kind">Kind</label>
      <select id="kind" name="kind"><option value="server">server</option><option value="client">client</option></select>
      <fieldset><legend>Scopes (none ticked: the kind's defaults)</legend>
        ${ALL_SCOPES.map(
          (scope) => html`<label><input type="checkbox" name="scopes" value="${scope}"> ${scope}</label>`,
        )}
      </fieldset>
      <p><button type="submit">Create key</button></p>
    </form>
    ${await requestLogSection(context)}`,
  );
};

const requestRows = (entries: readonly RequestLogEntry[], base: string) =>
  entries.map((entry) => [
    entry.at,
    html`<a href="${base}/developers/requests?requestId=${encodeURIComponent(entry.requestId)}">${entry.requestId}</a>`,
    entry.method,
    entry.path,
    entry.status,
    entry.durationMs,
    entry.keyPrefix,
  ]);
const REQUEST_COLUMNS = ['When', 'Request id', 'Method', 'Path', 'Status', 'ms', 'API key'];

const requestSearch = (base: string, value = '') => html`<form method="get" action="${base}/developers/requests">
    <label for="requestId">Request id (the X-Request-Id of a response)</label>
    <input id="requestId" name="requestId" value="${value}" required>
    <p><button type="submit">Find the request</button></p>
  </form>`;

/** The project's newest API requests and the search by request id (ADR 0822). */
const requestLogSection = async ({ queries, project, base }: PageContext) => {
  const newest: RequestLogEntry[] = await queries.execute(new SearchRequestLog(project.projectId, null));
  return html`<h2>Request log</h2>
    <p>Each request an API key of this project made: its newest ${REQUESTS_KEPT_PER_PROJECT} are kept (no body, no key).</p>
    ${requestSearch(base)}
    ${table(`The newest ${NEWEST_SHOWN} requests`, REQUEST_COLUMNS, requestRows(newest, base))}`;
};

/** One request id's entries in the project's log; 404 when the project has none (another project's included). */
export const requestLogSearch: PageRoute = {
  method: 'GET',
  path: '/developers/requests',
  async handle({ queries, project, query, base, render }) {
    const requestId = (query['requestId'] ?? '').trim();
    if (!SANE_REQUEST_ID.test(requestId))
      throw new DomainException(
        invalid('invalid_request_id', 'A request id is 1 to 128 letters, digits and . _ : - characters'),
      );
    const entries: RequestLogEntry[] = await queries.execute(new SearchRequestLog(project.projectId, requestId));
    if (entries.length === 0)
      throw new DomainException(
        domainError(
          'not_found',
          'request_not_found',
          `No request ${requestId} in this project's log: it may be another project's, or older than its newest ${REQUESTS_KEPT_PER_PROJECT}`,
        ),
      );
    return render(
      `Request ${requestId}`,
      SECTION,
      html`${requestSearch(base, requestId)}
      ${table('Requests with this id, newest first', REQUEST_COLUMNS, requestRows(entries, base))}
      <p><a href="${base}/developers">Back to Developers</a></p>`,
    );
  },
};

export const developers: PageRoute = { method: 'GET', path: '/developers', handle: (context) => keysView(context) };

export const createKey: PageRoute = {
  method: 'POST',
  path: '/developers/keys',
  async handle(context) {
    const { platform, project, body, caller } = context;
    const kind = body['kind'];
    if (kind !== 'server' && kind !== 'client')
      throw new DomainException(invalid('invalid_key_kind', 'The kind is server or client'));
    const scopes = body['scopes']?.split(',').filter((scope) => scope !== '');
    const { key, apiKey } = await platform.apiKeys.issue(
      { projectId: project.projectId, kind, ...(scopes?.length ? { scopes: scopes as never } : {}) },
      { actor: caller.context.actor, correlationId: caller.context.correlationId },
    );
    await context.audit('api_key.create', apiKey.displayPrefix);
    return keysView(context, key);
  },
};

export const revokeKey: PageRoute = {
  method: 'POST',
  path: '/developers/keys/revoke',
  async handle({ platform, project, body, caller, base, audit }) {
    const prefix = body['prefix'] ?? '';
    if (!isDisplayPrefix(prefix)) throw new DomainException(invalid('invalid_key_prefix', 'Not a key prefix'));
    await platform.apiKeys.revokeByPrefix(project.projectId, prefix, {
      actor: caller.context.actor,
      correlationId: caller.context.correlationId,
    });
    await audit('api_key.revoke', prefix);
    return { redirect: `${base}/developers` };
  },
};
