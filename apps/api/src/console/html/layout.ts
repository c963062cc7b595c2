import type { Operator } from '@paykit/platform';
import { type Html, html } from './html.js';
import { CONSOLE_STYLES } from './styles.js';

export interface LayoutOptions {
  readonly title: string;
  /** Staging shows the test-mode banner on every page. */
  readonly testMode: boolean;
  readonly operator?: Operator;
  readonly projectId?: string;
  readonly csrfToken?: string;
  /** Which navigation entry is the current page. */
  readonly section?: string;
}

const SECTIONS: readonly (readonly [path: string, label: string])[] = [
  ['', 'Home'],
  ['/orders', 'Orders'],
  ['/wallets', 'Wallets'],
  ['/runs', 'Agent checkouts'],
  ['/webhooks', 'Webhooks'],
  ['/events', 'Events'],
  ['/developers', 'Developers'],
  ['/reconciliation', 'Reconciliation'],
  ['/audit', 'Audit log'],
];

/** A hidden field with the session's CSRF token: every console form carries it. */
export const csrfField = (token: string): Html => html`<input type="hidden" name="_csrf" value="${token}">`;

const navigation = (options: LayoutOptions): Html => {
  if (!options.operator || !options.projectId) return html``;
  const base = `/console/projects/${encodeURIComponent(options.projectId)}`;
  const entries = [...SECTIONS, ...(options.operator.role === 'admin' ? [['/operators', 'Operators'] as const] : [])];
  return html`<nav aria-label="Console">
    <ul>
      ${entries.map(
        ([path, label]) =>
          html`<li><a href="${base}${path}"${options.section === label ? html` aria-current="page"` : ''}>${label}</a></li>`,
      )}
    </ul>
    <form method="post" action="/console/logout" class="logout">
      ${csrfField(options.csrfToken ?? '')}
      <span>${options.operator.email} (${options.operator.role})</span>
      <button type="submit">Log out</button>
    </form>
  </nav>`;
};

/** Every console page: the same markup and stylesheet in staging and production, no external asset. */
export const layout = (options: LayoutOptions, body: Html): string =>
  html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · PayKit console</title>
<style>${CONSOLE_STYLES}</style>
</head>
<body>
${options.testMode ? html`<div class="test-mode" role="status">Test mode: staging data, no real money moves</div>` : ''}
<header><p class="brand">PayKit console</p>${options.projectId ? html`<p class="project">Project ${options.projectId}</p>` : ''}</header>
${navigation(options)}
<main>
<h1>${options.title}</h1>
${body}
</main>
</body>
</html>`.value;
