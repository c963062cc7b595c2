import { ALL_SCOPES, isDisplayPrefix } from '@paykit/platform';
import { DomainException, invalid } from '@paykit/kernel';
import type { PageContext, PageRoute } from '../console-routes.js';
import { html, table } from '../html/html.js';
import { csrfField } from '../html/layout.js';

const SECTION = 'Developers';

const keysView = async ({ platform, project, base, csrfToken, render }: PageContext, issued?: string) => {
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
    <p>Request log: the API logs each request with its request id (X-Request-Id) to its log stream; search it there.</p>`,
  );
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
