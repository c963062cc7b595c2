/** Markup that is already safe to emit; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

const render = (value: HtmlValue): string => {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
};

/** Tagged template for HTML: interpolated text is escaped, nested `html` fragments and arrays are kept. */
export const html = (strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml =>
  new SafeHtml(
    strings.reduce(
      (out, part, index) => out + part + (index < values.length ? render(values[index] as HtmlValue) : ''),
      '',
    ),
  );

/** A JSON-LD `<script>` block; `<` is escaped so the data can never close the script element. */
export const jsonLdScript = (data: unknown): SafeHtml =>
  new SafeHtml(`<script type="application/ld+json">${JSON.stringify(data, null, 2).replace(/</g, '\\u003c')}</script>`);
