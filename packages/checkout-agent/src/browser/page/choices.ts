import type { Locator, Page } from 'playwright-core';

const MARK = 'data-paykit-choice';

/** One radio of a group, with the words of its label. */
export interface Choice {
  readonly label: string;
  readonly checked: boolean;
  readonly disabled: boolean;
  readonly locator: Locator;
}

/** A group of radio buttons (one name), with the words that introduce it (a legend, a heading, its name). */
export interface ChoiceGroup {
  readonly name: string;
  readonly heading: string;
  readonly choices: readonly Choice[];
}

/**
 * Runs in the page: the radio groups outside the header and footer, each radio's label (its
 * <label>, else its parent's text) and the group's legend or nearest preceding heading.
 */
const DESCRIBE_RADIOS = `(() => {
  const MARK = ${JSON.stringify(MARK)};
  for (const old of document.querySelectorAll('[' + MARK + ']')) old.removeAttribute(MARK);
  const clean = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const shown = (el) => { const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const headingOf = (el) => {
    const fieldset = el.closest('fieldset');
    const legend = fieldset && fieldset.querySelector('legend');
    if (legend) return clean(legend.innerText);
    const group = el.closest('[role=radiogroup]');
    if (group && group.getAttribute('aria-label')) return clean(group.getAttribute('aria-label'));
    let node = el;
    while (node && node !== document.body) {
      let before = node.previousElementSibling;
      while (before) { if (/^H[1-6]$/.test(before.tagName)) return clean(before.innerText); before = before.previousElementSibling; }
      node = node.parentElement;
    }
    return '';
  };
  const groups = new Map();
  let next = 0;
  for (const radio of document.querySelectorAll('input[type=radio]')) {
    if (radio.closest('header, nav, footer')) continue;
    const label = radio.labels && radio.labels[0] ? radio.labels[0] : radio.parentElement;
    if (!shown(radio) && !(label && shown(label))) continue;
    const ref = String(next++);
    radio.setAttribute(MARK, ref);
    const key = radio.name || 'radio-' + ref;
    if (!groups.has(key)) groups.set(key, { name: radio.name, heading: headingOf(radio), choices: [] });
    groups.get(key).choices.push({ ref, label: clean(label ? label.innerText : ''), checked: radio.checked, disabled: radio.disabled });
  }
  return [...groups.values()];
})()`;

interface Described {
  readonly name: string;
  readonly heading: string;
  readonly choices: readonly (Omit<Choice, 'locator'> & { readonly ref: string })[];
}

export const readChoiceGroups = async (page: Page): Promise<ChoiceGroup[]> => {
  const groups = (await page.evaluate(DESCRIBE_RADIOS)) as Described[];
  return groups.map((group) => ({
    ...group,
    choices: group.choices.map(({ ref, ...choice }) => ({ ...choice, locator: page.locator(`[${MARK}="${ref}"]`) })),
  }));
};
