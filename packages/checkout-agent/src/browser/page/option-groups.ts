import type { Locator, Page } from 'playwright-core';

const MARK = 'data-paykit-option';

/** One choice of a product option as the page offers it. */
export interface ProductOption {
  /** What it is called, without the shop's "sold out" remark. */
  readonly label: string;
  readonly available: boolean;
  readonly selected: boolean;
  /** A select's option value; a link's URL. */
  readonly value: string;
  /** The element to choose it with (the select itself for a select). */
  readonly locator: Locator | null;
}

/** A product option the buyer chooses (size, colour, format), and how the page lets them. */
export interface OptionGroup {
  readonly name: string;
  /** `select`, `radio` inputs, `swatch`es (role=radio, role=option, aria-pressed), or `link`s to other product pages. */
  readonly kind: 'select' | 'radio' | 'swatch' | 'link';
  readonly options: readonly ProductOption[];
}

/**
 * Runs in the page: the product option controls outside the header, navigation, footer and
 * dialogs, each option by its accessible name. Selects (not quantity, country, sorting), radio
 * groups (visually hidden inputs named by their labels, a label without text by its aria-label,
 * title or image), swatches (role=radio, role=option in a listbox, or aria-pressed buttons, named
 * by aria-label or title, chosen by aria-checked, aria-selected or aria-pressed), and "Format: A5 · A4 · B5" rows of short links
 * to the other variants' pages. Sold-out options are told by `disabled` (a swatch's attribute or class too), `aria-disabled`, or the
 * words in their label, title or class.
 */
const DESCRIBE_OPTIONS = `(() => {
  const MARK = ${JSON.stringify(MARK)};
  for (const old of document.querySelectorAll('[' + MARK + ']')) old.removeAttribute(MARK);
  const clean = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const SOLD = /\\b(sold[ -]?out|out of stock|unavailable|no stock)\\b/i;
  const strip = (text) => clean(clean(text).replace(/[\\s\\-–—,:(]*\\(?\\b(sold[ -]?out|out of stock|unavailable)\\b\\)?\\s*$/i, ''));
  const shown = (el) => { const box = el.getBoundingClientRect(); const style = getComputedStyle(el); return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'; };
  const outside = (el) => !el.closest('header, nav, footer, [role=dialog], [aria-modal=true], dialog');
  const nameOf = (el) => clean(el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('alt') || '');
  const labelOf = (el) => {
    if (el.labels && el.labels.length) return clean(el.labels[0].innerText);
    if (el.getAttribute('aria-label')) return clean(el.getAttribute('aria-label'));
    const by = el.getAttribute('aria-labelledby');
    if (by) return clean((document.getElementById(by) || {}).innerText || '');
    const fieldset = el.closest('fieldset');
    const legend = fieldset && fieldset.querySelector('legend');
    if (legend) return clean(legend.innerText);
    const before = el.previousElementSibling;
    return before && !before.matches('input, select, textarea, button') && !before.querySelector('input, select, textarea') ? clean(before.innerText).replace(/:$/, '').slice(0, 40) : '';
  };
  let next = 0;
  const mark = (el) => { const ref = String(next++); el.setAttribute(MARK, ref); return ref; };
  const groups = [];
  for (const select of document.querySelectorAll('select')) {
    if (!outside(select) || !shown(select) || select.closest('form') && select.closest('form').querySelector('input[type=password]')) continue;
    const name = labelOf(select) || select.name;
    if (/\\b(qty|quantity|how many|country|state|province|sort|currency|language)\\b/i.test(name + ' ' + select.name)) continue;
    const ref = mark(select);
    const options = [...select.options]
      .filter((option) => option.value !== '' && !/^(select|choose|pick|please)\\b/i.test(clean(option.text)))
      .map((option) => ({ label: strip(option.text), value: option.value, available: !option.disabled && !SOLD.test(option.text), selected: option.selected && select.value === option.value && !!select.value, ref }));
    if (options.length > 0) groups.push({ name, kind: 'select', options });
  }
  const radios = new Map();
  for (const radio of document.querySelectorAll('input[type=radio]')) {
    if (!outside(radio)) continue;
    const label = radio.labels && radio.labels[0];
    if (!shown(radio) && !(label && shown(label))) continue;
    const key = radio.name || 'radio' + next;
    if (!radios.has(key)) {
      const fieldset = radio.closest('fieldset');
      const legend = fieldset && fieldset.querySelector('legend');
      const group = radio.closest('[role=radiogroup]');
      radios.set(key, { name: clean(legend ? legend.innerText : group ? group.getAttribute('aria-label') : radio.name), kind: 'radio', options: [] });
    }
    // A swatch's label may have no text: its name is then the label's (or the input's) accessible name.
    const text = clean(label ? label.innerText : '') || nameOf(radio) || (label ? nameOf(label.querySelector('[aria-label], [title], img[alt]') || label) : '') || radio.value;
    radios.get(key).options.push({ label: strip(text), value: radio.value, available: !radio.disabled && !SOLD.test(text + ' ' + (label ? label.className : '')), selected: radio.checked, ref: mark(radio) });
  }
  groups.push(...radios.values());
  // A listbox a text field controls is that field's suggestions (an address autocomplete), not a product option.
  const suggestions = (group) => group.id && document.querySelector('input[aria-controls="' + group.id + '"], input[aria-owns="' + group.id + '"]');
  const swatchSets = [
    ...[...document.querySelectorAll('[role=radiogroup]')].map((group) => ({ group, items: [...group.querySelectorAll('[role=radio]')].filter((el) => el.tagName !== 'INPUT') })),
    ...[...document.querySelectorAll('[role=listbox]')].filter((group) => !group.closest('select') && !suggestions(group)).map((group) => ({ group, items: [...group.querySelectorAll('[role=option]')] })),
  ];
  for (const parent of new Set([...document.querySelectorAll('button[aria-pressed]')].map((button) => button.parentElement))) {
    if (parent) swatchSets.push({ group: parent, items: [...parent.querySelectorAll(':scope > button[aria-pressed]')] });
  }
  // A product form's list of plain buttons, one per item, under a name (how some storefront platforms draw variant options): chosen by a "selected" class.
  for (const list of document.querySelectorAll('form ul, form ol')) {
    const items = [...list.children].map((item) => item.children.length === 1 && item.firstElementChild.matches('button[type=button]:not([aria-pressed])') ? item.firstElementChild : null);
    if (items.length >= 2 && items.every(Boolean) && items.every((button) => clean(button.innerText))) swatchSets.push({ group: list, items });
  }
  const marked = (item) => [item, item.parentElement].some((el) => el && (el.classList.contains('selected') || el.classList.contains('active')));
  for (const { group, items } of swatchSets) {
    if (items.length === 0 || !outside(group)) continue;
    const name = nameOf(group) || labelOf(group) || clean((group.previousElementSibling || {}).innerText || '').replace(/:.*$/, '');
    groups.push({ name, kind: 'swatch', options: items.filter(shown).map((item) => {
      const words = [item.getAttribute('aria-label'), item.getAttribute('title'), item.innerText].filter(Boolean).join(' ');
      return { label: strip(item.getAttribute('aria-label') || item.getAttribute('title') || item.innerText), value: item.getAttribute('data-value') || '',
        available: !item.disabled && !item.hasAttribute('disabled') && !item.classList.contains('disabled') && item.getAttribute('aria-disabled') !== 'true' && !SOLD.test(words + ' ' + item.className), selected: ['aria-checked', 'aria-pressed', 'aria-selected'].some((name) => item.getAttribute(name) === 'true') || marked(item), ref: mark(item) };
    }) });
  }
  for (const row of document.querySelectorAll('p, div, li, dd, span, ul')) {
    const text = clean(row.innerText);
    const title = /^([A-Za-z][A-Za-z ]{1,20}):\\s*\\S/.exec(text);
    if (!title || text.length > 120 || !outside(row) || !shown(row)) continue;
    const links = [...row.querySelectorAll('a[href]')].filter((a) => a.origin === location.origin && clean(a.innerText).length > 0 && clean(a.innerText).length <= 16);
    const current = [...row.querySelectorAll('strong, b, [aria-current], .selected, .active, .current')].filter((el) => !el.closest('a') && clean(el.innerText).length <= 16);
    if (links.length === 0 || current.length !== 1 || [...row.querySelectorAll('p, div, li, dd')].some((inner) => inner !== row && inner.querySelector('a[href]'))) continue;
    groups.push({ name: title[1], kind: 'link', options: [
      { label: clean(current[0].innerText), value: location.href, available: true, selected: true, ref: null },
      ...links.map((a) => ({ label: strip(a.innerText), value: a.href, available: !SOLD.test(a.innerText + ' ' + (a.getAttribute('title') || '')), selected: false, ref: mark(a) })),
    ] });
  }
  return groups;
})()`;

interface Described {
  readonly name: string;
  readonly kind: OptionGroup['kind'];
  readonly options: readonly (Omit<ProductOption, 'locator'> & { readonly ref: string | null })[];
}

/** The product's option groups on the page, each with its choices, which are available, and which is selected. */
export const readOptionGroups = async (page: Page): Promise<OptionGroup[]> => {
  const groups = (await page.evaluate(DESCRIBE_OPTIONS)) as Described[];
  return groups
    .filter((group) => group.options.length > 0)
    .map((group) => ({
      name: group.name,
      kind: group.kind,
      options: group.options.map(({ ref, ...option }) => ({
        ...option,
        locator: ref === null ? null : page.locator(`[${MARK}="${ref}"]`),
      })),
    }));
};
