/** Markup that is already safe: what `html` returns and accepts unescaped. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

type Interpolated = Html | string | number | boolean | null | undefined | readonly Interpolated[];

const render = (value: Interpolated): string => {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value as string | number | boolean));
};

/** A tagged template that escapes every interpolated value unless it is Html already. */
export const html = (strings: TemplateStringsArray, ...values: Interpolated[]): Html =>
  new Html(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]!) : ''), ''));

/** A table with a header row; cells are escaped unless Html. */
export const table = (caption: string, headers: readonly string[], rows: readonly (readonly Interpolated[])[]): Html =>
  rows.length === 0
    ? html`<p class="empty">${caption}: none yet.</p>`
    : html`<table>
        <caption>${caption}</caption>
        <thead><tr>${headers.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
        <tbody>${rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody>
      </table>`;

/** Pretty JSON in a <pre>, for request and response bodies. */
export const jsonBlock = (label: string, value: unknown): Html =>
  html`<figure><figcaption>${label}</figcaption><pre tabindex="0">${JSON.stringify(value, null, 2)}</pre></figure>`;
