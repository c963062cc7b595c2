import type { Locator, Page } from 'playwright-core';
import { CARD_MARK } from '../browser/card/type-card.js';

/** The attribute that names the elements of the last summary; actions find their target by it. */
const REF_ATTRIBUTE = 'data-paykit-ref';
const TEXT_MAX = 4000;
const ELEMENTS_MAX = 150;

/**
 * Runs in the page (as source text: this package compiles without the DOM's types). Numbers
 * the visible interactive elements afresh and describes each on one line; values of password,
 * payment-token and card fields (a select's chosen option too) are never read.
 */
const SUMMARISE = `(() => {
  const ATTR = ${JSON.stringify(REF_ATTRIBUTE)};
  for (const old of document.querySelectorAll('[' + ATTR + ']')) old.removeAttribute(ATTR);
  const visible = (el) => { const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'; };
  const clean = (text) => (text || '').replace(/\\s+/g, ' ').trim().slice(0, 80);
  const labelOf = (el) => clean(el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].innerText)
    || el.getAttribute('placeholder') || el.innerText || el.value || el.getAttribute('name') || el.getAttribute('title'));
  const lines = [];
  let ref = 0;
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role=button]')) {
    if (lines.length >= ${ELEMENTS_MAX}) break;
    if (el.type === 'hidden' || el.disabled || !visible(el)) continue;
    const id = String(++ref);
    el.setAttribute(ATTR, id);
    const tag = el.tagName.toLowerCase();
    let line = '[' + id + '] ' + tag + (el.type && tag === 'input' ? ' type=' + el.type : '') + (el.name ? ' name=' + el.name : '') + ' "' + labelOf(el) + '"';
    if (tag === 'a') line += ' -> ' + el.href;
    const secret = el.type === 'password' || el.hasAttribute(${JSON.stringify(CARD_MARK)}) || /(^|\\s)cc-/.test(el.getAttribute('autocomplete') || '') || /payment_token|card|cvc|cvv|csc|exp/i.test(el.name || '');
    if ((tag === 'input' || tag === 'textarea') && !secret && el.value && el.type !== 'submit') line += ' value="' + clean(el.value) + '"';
    if (tag === 'select') line += ' options=' + JSON.stringify([...el.options].map((o) => clean(o.label) + (o.selected && !secret ? ' (selected)' : '')));
    lines.push(line);
  }
  return { title: document.title, text: (document.body ? document.body.innerText : '').slice(0, ${TEXT_MAX}), elements: lines };
})()`;

export interface PageSummary {
  readonly url: string;
  readonly title: string;
  readonly text: string;
  readonly elements: readonly string[];
}

export const summarisePage = async (page: Page): Promise<PageSummary> => {
  const summary = (await page.evaluate(SUMMARISE)) as Omit<PageSummary, 'url'>;
  return { url: page.url(), ...summary };
};

export const describeSummary = (summary: PageSummary): string =>
  [`URL: ${summary.url}`, `Title: ${summary.title}`, 'Text:', summary.text, 'Elements:', ...summary.elements].join(
    '\n',
  );

/** The element a summary numbered `ref`; null when the page has no such element now. */
export const elementOf = async (page: Page, ref: string): Promise<Locator | null> => {
  if (!/^\d{1,4}$/.test(ref)) return null;
  const element = page.locator(`[${REF_ATTRIBUTE}="${ref}"]`).first();
  return (await element.count()) > 0 ? element : null;
};
