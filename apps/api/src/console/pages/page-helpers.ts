import type { z } from 'zod';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import type { Fields } from '../console-routes.js';
import { type Html, html } from '../html/html.js';

/** The page's query string read with the API's own schema, refused 400 as the API refuses it. */
export const parseFields = <Schema extends z.ZodType>(
  schema: Schema,
  fields: Fields,
  part: 'query' | 'body' = 'query',
): z.output<Schema> => {
  const present = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== '' && key !== '_csrf'));
  const parsed = schema.safeParse(present);
  if (!parsed.success) throw RequestValidationError.fromZod(part, parsed.error.issues);
  return parsed.data;
};

/** Previous / next links of a cursor page, keeping the page's other filters. */
export const pager = (
  path: string,
  filters: Fields,
  page: { nextCursor: string | null; previousCursor: string | null },
): Html => {
  const link = (cursor: string, label: string) => {
    const query = new URLSearchParams(
      Object.entries({ ...filters, cursor }).filter((entry): entry is [string, string] => !!entry[1]),
    );
    return html`<a href="${path}?${query.toString()}">${label}</a>`;
  };
  return html`<p class="pager">
    ${page.previousCursor ? link(page.previousCursor, '← Previous page') : ''}
    ${page.nextCursor ? link(page.nextCursor, 'Next page →') : ''}
  </p>`;
};

export const money = (value: { amount: string; currency: string } | undefined | null): string =>
  value ? `${value.amount} ${value.currency.toUpperCase()}` : '-';

/** A labelled choice of one value of a filter, `any` (empty) first. */
export const selectField = (
  name: string,
  label: string,
  options: readonly string[],
  current: string | undefined,
): Html =>
  html`<label for="${name}">${label}</label>
  <select id="${name}" name="${name}">
    ${['', ...options].map(
      (option) =>
        html`<option value="${option}"${current === option ? html` selected` : ''}>${option || 'any'}</option>`,
    )}
  </select>`;
