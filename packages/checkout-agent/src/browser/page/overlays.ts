import type { Locator, Page } from 'playwright-core';
import { isRunStopped } from '../../strategy/run-stopped.js';
import { collapse, firstVisible, nameOf } from './controls.js';
import { FINAL } from './vocabulary.js';

const MARK = 'data-paykit-overlay';

/**
 * Runs in the page (as source text): whether an element is a layer over the page for a
 * shopper's attention without being part of the purchase (a cookie banner, a newsletter or
 * discount pop-up): fixed or a dialog, shown, its words saying so, holding no cart or checkout
 * control and not the button that places the order (a checkout in a dialog with a discount line).
 */
export const IS_OVERLAY = `((el) => {
  const WORDS = /cookie|consent|newsletter|subscribe|sign up|signup|% off|discount|mailing list|join (our|the) list|promo/i;
  const SHOPPING = /check ?out|add to (cart|bag|basket)|place order|pay now|view (cart|bag|basket)|your (cart|bag|basket)/i;
  const FINAL = new RegExp(${JSON.stringify(FINAL.source)}, 'i');
  const places = (root) => [...root.querySelectorAll('button, input[type=submit], [role=button]')].some((button) =>
    FINAL.test((button.getAttribute('aria-label') || button.innerText || button.value || '').replace(/\\s+/g, ' ').trim()));
  const dialog = el.matches('[role=dialog], [role=alertdialog], [aria-modal=true], dialog[open]');
  const style = getComputedStyle(el);
  if (!dialog && style.position !== 'fixed') return false;
  const box = el.getBoundingClientRect();
  if (box.width < 40 || box.height < 20 || style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
  const text = el.innerText || '';
  return WORDS.test(text) && !SHOPPING.test(text) && !places(el);
})`;

/** Runs in the page: marks the overlays over it (see `IS_OVERLAY`), outermost first. */
const FIND_OVERLAYS = `(() => {
  const MARK = ${JSON.stringify(MARK)};
  const isOverlay = ${IS_OVERLAY};
  for (const old of document.querySelectorAll('[' + MARK + ']')) old.removeAttribute(MARK);
  const found = [];
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    if (!isOverlay(el)) continue;
    if (found.some((outer) => outer.contains(el))) continue;
    found.push(el);
  }
  found.forEach((el, index) => el.setAttribute(MARK, String(index)));
  return found.length;
})()`;

/** Declines where it can (no consent, no subscription), accepts a banner that offers nothing else. */
const DISMISS =
  /^(reject( all)?( cookies)?|decline( all)?|(use )?(only )?(strictly )?necessary( cookies)?( only)?|no,? thanks?|not now|maybe later|close|dismiss|skip|×|✕|✖|x|continue without (accepting|subscribing))$/i;
const ACCEPT =
  /^(accept( all)?( cookies)?|allow( all)?( cookies)?|i agree|agree|got it|ok(ay)?|i understand|understood)$/i;

/**
 * Closes cookie banners and pop-ups that cover the page, the way a shopper does: "Reject",
 * "No thanks" or the close button first, "Accept" when that is all there is, Escape otherwise.
 * Returns how many were dismissed.
 */
export const dismissOverlays = async (
  page: Page,
  before: (what: string) => Promise<void> = async () => undefined,
): Promise<number> => {
  // The late-overlay handler runs inside the page actions of a dismissal under way: it leaves that one to finish.
  if (busy.has(page)) return 0;
  busy.add(page);
  try {
    let dismissed = 0;
    const count = (await page.evaluate(FIND_OVERLAYS).catch(() => 0)) as number;
    for (let index = 0; index < count; index++) {
      const overlay = page.locator(`[${MARK}="${index}"]`);
      if (!(await overlay.isVisible().catch(() => false))) continue;
      try {
        const button = await firstVisible([
          overlay.getByRole('button', { name: DISMISS }),
          overlay.getByRole('link', { name: DISMISS }),
          overlay.getByRole('button', { name: ACCEPT }),
        ]);
        const words = collapse(await overlay.innerText({ timeout: QUICK_MS })).slice(0, 60);
        await before(`Dismiss "${words}…" (${button ? `"${await nameOf(button, QUICK_MS)}"` : 'Escape'})`);
        if (button) await button.click({ timeout: QUICK_MS });
        else await page.keyboard.press('Escape');
        await overlay.waitFor({ state: 'hidden', timeout: QUICK_MS });
        dismissed++;
      } catch (error) {
        if (isRunStopped(error)) throw error;
        // An overlay that will not close (or closed itself meanwhile) is left; an action it blocks fails with a clear timeout.
      }
    }
    return dismissed;
  } finally {
    busy.delete(page);
  }
};

const busy = new WeakSet<Page>();
const QUICK_MS = 2_000;

/**
 * Pop-ups that appear later (a newsletter offer seconds after the page loads) are closed when
 * they get in the way of an action: Playwright calls the handler before each action while one
 * of these is visible.
 */
export const dismissLateOverlays = async (page: Page, before: (what: string) => Promise<void>): Promise<void> => {
  const popups = page
    .locator(
      '[role=dialog], [role=alertdialog], [aria-modal=true], dialog[open], [class*=modal i], [class*=popup i], [class*=newsletter i], [class*=cookie i], [id*=cookie i], [class*=consent i]',
    )
    .filter({ hasText: /cookie|consent|newsletter|subscribe|% off|discount|mailing list/i })
    .filter({ hasNotText: /check ?out|add to (cart|bag|basket)|place order|your (cart|bag|basket)/i });
  await page.addLocatorHandler(popups.first(), async () => void (await dismissOverlays(page, before)), {
    noWaitAfter: true,
  });
};

/**
 * Ticks a radio or checkbox the way `check({ force: true })` does (it may be visually hidden
 * behind its label), which Playwright's pop-up handler does not guard: a pop-up over it would
 * take the click. Pop-ups are closed first, and once more if one came up in between.
 */
export const checkPastOverlays = async (
  page: Page,
  target: Locator,
  before: (what: string) => Promise<void> = async () => undefined,
): Promise<void> => {
  await dismissOverlays(page, before);
  try {
    await checkOrWhatIsDrawn(target);
  } catch (error) {
    if (isRunStopped(error) || (await dismissOverlays(page, before)) === 0) throw error;
    await checkOrWhatIsDrawn(target);
  }
};

/** How long a script-drawn radio may take to show the click took (a shop that asks its server first, on a busy machine). */
const DRAWN_CHECK_MS = 6_000;

/** The radio, or the one the shop drew in its place: the new input has the old one's id, not our mark. */
const isCheckedNow = async (target: Locator, id: string | null): Promise<boolean> => {
  if (await target.isChecked({ timeout: 500 }).catch(() => false)) return true;
  if (!id) return false;
  const redrawn = target.page().locator(`input[id="${id.replace(/["\\]/g, '\\$&')}"]`);
  return redrawn
    .first()
    .isChecked({ timeout: 500 })
    .catch(() => false);
};

/** Whether the radio shows checked within a while: a shop that asks its server may draw the list again first. */
const becomesChecked = async (target: Locator, id: string | null): Promise<boolean> => {
  const deadline = Date.now() + DRAWN_CHECK_MS;
  do {
    if (await isCheckedNow(target, id)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  return false;
};

/**
 * A script-drawn radio (a `role=radio` button beside a hidden form input, as Radix and Base UI
 * draw them) ignores a click on its hidden input: a person clicks what is drawn, the radio
 * itself or its label, and the shop may ask its server before it shows the choice taken.
 */
const checkOrWhatIsDrawn = async (target: Locator): Promise<void> => {
  // Read before the click: a list the shop draws again has the same ids, not our marks.
  const id = await target.getAttribute('id', { timeout: 1_000 }).catch(() => null);
  try {
    await target.check({ force: true });
  } catch (error) {
    if (isRunStopped(error)) throw error;
    // The click on the hidden input may have taken, the shop drawing the list again meanwhile.
    if (await isCheckedNow(target, id)) return;
    const drawn = [
      target.locator('xpath=preceding-sibling::*[@role="radio" or @role="checkbox"][1]'),
      target.locator('xpath=following-sibling::*[@role="radio" or @role="checkbox"][1]'),
      target.locator('xpath=ancestor::label[1]'),
      ...(id ? [target.page().locator(`label[for="${id.replace(/["\\]/g, '\\$&')}"]`)] : []),
    ];
    for (const candidate of drawn) {
      if ((await candidate.count()) === 0 || !(await candidate.first().isVisible())) continue;
      await candidate.first().click();
      if (await becomesChecked(target, id)) return;
    }
    throw error;
  }
};
