import type { Frame, Locator, Page } from 'playwright-core';
import { IS_OVERLAY } from './overlays.js';

const MARK = 'data-paykit-field';

/** A form field as a person sees it: what it is labelled, what the page says about it, what it holds. */
export interface PageField {
  readonly tag: 'input' | 'select' | 'textarea';
  readonly type: string;
  readonly name: string;
  readonly id: string;
  /** The autocomplete attribute, lower-cased ("shipping given-name"). */
  readonly autocomplete: string;
  readonly label: string;
  readonly placeholder: string;
  /** Marked required (attribute, aria-required, or an asterisk in its label). */
  readonly required: boolean;
  /** Its label says it is optional. */
  readonly optional: boolean;
  readonly value: string;
  /** A select's chosen option (-1 for other fields). */
  readonly selectedIndex: number;
  /** Holds a value the browser would refuse to submit (a pattern or length not met). */
  readonly invalid: boolean;
  /** A text field that offers suggestions to pick from (role=combobox, a datalist). */
  readonly combobox: boolean;
  /**
   * A list drawn by script behind a button (a `role=combobox` trigger, as Base UI, Radix and
   * Headless UI draw selects): it shows the chosen option as its text, and its options exist only
   * once it is opened. Described as a select with no options; `value` is what the button shows.
   */
  readonly popup: boolean;
  /** Inside a form with a password field: a sign-in form, not the checkout. */
  readonly inSignInForm: boolean;
  readonly options: readonly { readonly value: string; readonly label: string; readonly disabled: boolean }[];
  readonly locator: Locator;
}

/**
 * Runs in the page (as source text: this package compiles without the DOM's types): describes
 * every visible text field, select and textarea outside the header, navigation and footer, and
 * marks each so it can be found again. Labels come from <label>, aria-labelledby, aria-label,
 * the text just before the field, or a select's empty first option ("Country"). A pop-up's
 * fields (a newsletter's email box) are not the form's: a pop-up can come up between any two
 * steps, and is closed, never filled in.
 */
const DESCRIBE_FIELDS = `(() => {
  const MARK = ${JSON.stringify(MARK)};
  for (const old of document.querySelectorAll('[' + MARK + ']')) old.removeAttribute(MARK);
  const clean = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const isOverlay = ${IS_OVERLAY};
  const inOverlay = (el) => { for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) if (isOverlay(at)) return true; return false; };
  // A 1x1 box is the visually hidden input a script-drawn control keeps for forms, not a field a person sees.
  const visible = (el) => { const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && (box.width > 1 || box.height > 1) && style.visibility !== 'hidden' && style.display !== 'none'; };
  // A label's own words, without the text of the controls inside it (a select's options).
  const own = (label) => clean([...label.childNodes].filter((node) => !(node.matches && node.matches('input, select, textarea, button'))).map((node) => node.innerText || node.textContent || '').join(' '));
  const labelOf = (el) => {
    if (el.labels && el.labels.length) return clean([...el.labels].map(own).join(' '));
    // An element inside the field is its value (select2 names its trigger by the chosen text), not its name.
    const by = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).map((id) => document.getElementById(id)).filter((named) => named && !el.contains(named));
    if (by.length) return clean(by.map((named) => named.innerText || '').join(' '));
    if (el.getAttribute('aria-label')) return clean(el.getAttribute('aria-label'));
    // A list drawn in front of a hidden native select is named by that select's label.
    const stands = !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && el.parentElement && el.parentElement.closest('p, div, li, fieldset');
    const hidden = stands && stands.querySelector('select');
    if (hidden && hidden.labels && hidden.labels.length) return clean([...hidden.labels].map(own).join(' '));
    const before = el.previousElementSibling;
    if (before && !before.matches('input, select, textarea, button') && !before.querySelector('input, select, textarea')) return clean(before.innerText).slice(0, 80);
    if (el.tagName === 'SELECT' && el.options.length && el.options[0].value === '') return clean(el.options[0].text);
    return '';
  };
  const fields = [];
  let next = 0;
  for (const el of document.querySelectorAll('input, select, textarea, [role=combobox]:not(input)')) {
    const popup = !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
    const type = popup ? 'select' : (el.tagName === 'INPUT' ? (el.getAttribute('type') || 'text') : el.tagName).toLowerCase();
    if (['hidden', 'submit', 'button', 'image', 'reset', 'file', 'radio', 'checkbox', 'search', 'range', 'color'].includes(type)) continue;
    if (el.disabled || el.readOnly || el.getAttribute('aria-disabled') === 'true' || !visible(el) || el.closest('header, nav, footer') || inOverlay(el)) continue;
    const form = el.closest('form');
    const label = labelOf(el);
    const ref = String(next++);
    el.setAttribute(MARK, ref);
    fields.push({
      ref, tag: popup ? 'select' : el.tagName.toLowerCase(), type, name: el.getAttribute('name') || '', id: el.id || '',
      autocomplete: (el.getAttribute('autocomplete') || '').toLowerCase(), label, placeholder: el.getAttribute('placeholder') || '',
      required: el.required || el.getAttribute('aria-required') === 'true' || /\\*/.test(label),
      optional: /\\boptional\\b/i.test(label + ' ' + (el.getAttribute('placeholder') || '')),
      value: popup ? (el.hasAttribute('data-placeholder') ? '' : clean(el.innerText)) : el.value || '',
      selectedIndex: el.tagName === 'SELECT' ? el.selectedIndex : -1,
      invalid: !popup && !!el.value && !el.checkValidity(),
      combobox: el.tagName === 'INPUT' && (el.getAttribute('role') === 'combobox' || !!el.getAttribute('list')),
      popup,
      inSignInForm: !!(form && form.querySelector('input[type=password]')) && !/token/i.test((el.getAttribute('name') || '') + label),
      options: el.tagName === 'SELECT' ? [...el.options].map((option) => ({ value: option.value, label: clean(option.label || option.text), disabled: option.disabled })) : [],
    });
  }
  return fields;
})()`;

type Described = Omit<PageField, 'locator'> & { readonly ref: string };

const fieldsIn = async (frame: Frame): Promise<PageField[]> => {
  const described = (await frame.evaluate(DESCRIBE_FIELDS).catch(() => [])) as Described[];
  return described.map(({ ref, ...field }) => ({ ...field, locator: frame.locator(`[${MARK}="${ref}"]`) }));
};

/** The visible fields of the page, then those of its frames (an embedded payment form). */
export const readFields = async (page: Page): Promise<PageField[]> => {
  const all: PageField[] = [];
  for (const frame of [page.mainFrame(), ...page.frames().filter((frame) => frame !== page.mainFrame())])
    all.push(...(await fieldsIn(frame)));
  return all;
};
