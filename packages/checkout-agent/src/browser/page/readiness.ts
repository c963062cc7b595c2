import type { Page } from 'playwright-core';

/** How far a page is from being ready for a person to use. */
export interface Readiness {
  /** A loading mask, spinner or busy region is shown, or the page has no visible content yet (a script still drawing it). */
  readonly busy: boolean;
  /** Changes while the page's scripts are still drawing it. */
  readonly shape: string;
}

/**
 * Runs in the page: whether it is still loading as a person sees it: a region marked
 * aria-busy, a progress bar, or a layer over most of the page named or worded as loading
 * (a "loading mask" over a checkout, a spinner over a product page); a page greyed out (its body
 * or main region faded, as a variant switch does until it reloads the page); or a body with no
 * text at all (an app shell before its script has drawn it). Its shape is its element count and text length.
 */
const READINESS = `(() => {
  const body = document.body;
  if (!body) return { busy: true, shape: '' };
  const LOADING = /(^|[^a-z])(loading|loader|spinner|skeleton|mask|blockui|busy|please wait)([^a-z]|$)/i;
  const shown = (el) => { const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0; };
  const covers = (el) => { const box = el.getBoundingClientRect(); return box.width * box.height >= 0.3 * innerWidth * innerHeight; };
  const named = (el) => LOADING.test(String(el.className || '') + ' ' + el.id) || /^(loading|please wait)\\b/i.test((el.innerText || '').trim());
  const busy = [...body.querySelectorAll('[aria-busy=true], [role=progressbar]:not([aria-valuenow])')].some(shown) ||
    [...body.querySelectorAll('div, section, span')].some((el) => { const position = getComputedStyle(el).position;
      return (position === 'fixed' || position === 'absolute') && named(el) && shown(el) && covers(el); });
  const dimmed = [body, body.querySelector('main')].some((el) => el && Number(getComputedStyle(el).opacity) < 0.9);
  const text = (body.innerText || '').trim();
  return { busy: busy || dimmed || text.length === 0, shape: body.getElementsByTagName('*').length + ':' + text.length };
})()`;

export const readiness = (page: Page): Promise<Readiness> =>
  page.evaluate(READINESS).then(
    (found) => found as Readiness,
    () => ({ busy: false, shape: '' }),
  );
