import type { InputInteraction } from '@paykit/checkout-runs';
import type { PageProduct } from '../../merchant-page/structured-data.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { type OptionGroup, type ProductOption, readOptionGroups } from '../page/option-groups.js';
import { type BrowserDriver, blocked } from './driver.js';
import { normal } from '../page/words.js';
import {
  type TaskWords,
  askedOption,
  isColourGroup,
  isSizeGroup,
  optionNamed,
  unansweredColours,
} from './option-matching.js';

/** An option chosen for the purchase, and why: the task named it, the user chose it, or it was the only one. */
export interface ChosenOption {
  readonly group: string;
  readonly label: string;
  /** The other options of its group: a final page naming one of them instead would be a wrong item. */
  readonly others: readonly string[];
}

/** The page to go to when the option asked for is another product page (formats linked as pages). */
export interface OtherPage {
  readonly url: string;
  readonly label: string;
}

const available = (group: OptionGroup) =>
  group.options.filter((option) => option.available).map((option) => option.label);

const keyOf = (group: OptionGroup, index: number): string =>
  normal(group.name).replace(/ /g, '_') || `option_${index + 1}`;

const unavailable = (product: PageProduct, group: OptionGroup, option: ProductOption): StrategyOutcome => {
  const others = available(group);
  return blocked(
    'product.requested_option_unavailable',
    `${product.name} is not available in ${option.label} (${group.name || 'option'}): the shop shows it as sold out.${others.length > 0 ? ` Available: ${others.join(', ')}.` : ''} Nothing was bought.`,
  );
};

/** Asks the user the options the task left open, offering only what can be bought. */
const askOptions = async (
  driver: BrowserDriver,
  product: PageProduct,
  open: readonly OptionGroup[],
): Promise<Map<OptionGroup, ProductOption> | StrategyOutcome> => {
  const keys = open.map((group, index) => keyOf(group, index));
  const names = open.map((group) => (group.name || 'option').toLowerCase());
  const interaction: InputInteraction = {
    kind: 'form',
    schema: {
      type: 'object',
      properties: Object.fromEntries(
        open.map((group, index) => [
          keys[index],
          { type: 'string', title: group.name || 'Option', enum: available(group) },
        ]),
      ),
      required: keys,
    },
  };
  const offered = open.map((group) => `${group.name || 'Option'}: ${available(group).join(', ')}`).join('; ');
  const answer = await driver.context.ask(
    `Which ${names.join(' and ')} of ${product.name} would you like? Available: ${offered}.`,
    interaction,
  );
  if (answer.action === 'decline')
    return blocked(
      'merchant.no_safe_path',
      `No ${names.join(' or ')} of ${product.name} was chosen; nothing was bought.`,
    );
  const chosen = new Map<OptionGroup, ProductOption>();
  for (const [index, group] of open.entries()) {
    const value =
      answer.action === 'alternative'
        ? answer.text
        : typeof answer.value === 'string' && open.length === 1
          ? answer.value
          : (answer.value as Record<string, unknown> | undefined)?.[keys[index] ?? ''];
    const option = typeof value === 'string' ? optionNamed(group, value) : undefined;
    if (!option || !option.available) {
      return blocked(
        'product.requested_option_unavailable',
        `${product.name} is not available in ${typeof value === 'string' ? value : '(none given)'} (${group.name}); nothing was bought.`,
      );
    }
    chosen.set(group, option);
  }
  return chosen;
};

/**
 * The options to buy, decided the way a careful person decides: the ones the task names (never
 * another one in their place: a named option that is sold out or missing ends the run), the
 * only option of a group, the page the user pointed at for variants that are separate pages,
 * and for every other group the user's choice among what can be bought. The shop's preselected
 * default is never taken for the user's choice.
 */
export const decideOptions = async (
  driver: BrowserDriver,
  product: PageProduct,
  groups: readonly OptionGroup[],
  task: TaskWords,
): Promise<Map<OptionGroup, ProductOption> | OtherPage | StrategyOutcome> => {
  const missingColours = unansweredColours(groups, task);
  if (missingColours.length > 0 && (groups.some(isColourGroup) || !(await pageMentions(driver, missingColours)))) {
    const offered = groups.filter(isColourGroup).flatMap(available);
    return blocked(
      'product.requested_option_unavailable',
      `${product.name} does not come in ${missingColours.join(', ')} at ${driver.page.url()}${offered.length > 0 ? ` (offered: ${offered.join(', ')})` : ''}; nothing was bought.`,
    );
  }
  const chosen = new Map<OptionGroup, ProductOption>();
  const open: OptionGroup[] = [];
  for (const group of groups) {
    const asked = askedOption(group, task);
    if (asked && !asked.available) return unavailable(product, group, asked);
    if (asked && group.kind === 'link' && !asked.selected) return { url: asked.value, label: asked.label };
    if (asked) chosen.set(group, asked);
    else if (isSizeGroup(group) && task.hints.size !== null) {
      return blocked(
        'product.requested_option_unavailable',
        `${product.name} does not come in size ${task.hints.size} (sizes: ${group.options.map((option) => option.label).join(', ')}); nothing was bought.`,
      );
    } else if (available(group).length === 0) {
      return blocked(
        'product.item_unavailable',
        `${product.name} is sold out in every ${group.name.toLowerCase() || 'option'}; nothing was bought.`,
      );
    } else if (group.kind === 'link')
      chosen.set(group, group.options.find((option) => option.selected) ?? group.options[0]!);
    else if (group.options.length === 1) chosen.set(group, group.options[0]!);
    else open.push(group);
  }
  if (open.length === 0) return chosen;
  const answered = await askOptions(driver, product, open);
  if (!(answered instanceof Map)) return answered;
  for (const [group, option] of answered) chosen.set(group, option);
  return chosen;
};

const pageMentions = async (driver: BrowserDriver, words: readonly string[]): Promise<boolean> => {
  const text = ` ${normal(
    await driver.page
      .locator('body')
      .innerText()
      .catch(() => ''),
  )} `;
  return words.every((word) => text.includes(` ${word} `));
};

/** Chooses one option the way its control works: a select's option, a radio (it may be hidden behind its label), a swatch's click. */
const choose = async (group: OptionGroup, option: ProductOption): Promise<void> => {
  if (!option.locator) return;
  if (group.kind === 'select') await option.locator.selectOption(option.value);
  else if (group.kind === 'radio')
    await option.locator
      .check({ timeout: 5_000 })
      .catch(() => option.locator?.evaluate((element) => (element as unknown as { click(): void }).click()));
  else await option.locator.click();
};

/** The option as the page now shows it (its group read again: a script may have redrawn it). */
const shownNow = async (driver: BrowserDriver, group: OptionGroup, option: ProductOption) =>
  (await driver.read(readOptionGroups))
    .find((candidate) => candidate.name === group.name && candidate.kind === group.kind)
    ?.options.find((candidate) => candidate.label === option.label);

/**
 * Chooses one option on the page and checks the page now shows it chosen; once more if it does
 * not (a click that came before the page's script was ready), on the option as read again.
 */
const applyOption = async (driver: BrowserDriver, group: OptionGroup, option: ProductOption): Promise<boolean> => {
  if (option.selected || !option.locator) return true;
  await driver.step(`Choose ${group.name || 'option'}: ${option.label}`);
  await choose(group, option);
  await driver.settle();
  const now = await shownNow(driver, group, option);
  if (!now || now.selected) return now?.selected ?? false;
  await driver.step(`Choose ${group.name || 'option'}: ${option.label} again (the page did not show it chosen)`);
  await choose(group, now);
  await driver.settle();
  return (await shownNow(driver, group, option))?.selected ?? false;
};

/** Chooses every decided option on the page; the outcome when the page will not take one. */
export const applyOptions = async (
  driver: BrowserDriver,
  chosen: ReadonlyMap<OptionGroup, ProductOption>,
): Promise<ChosenOption[] | StrategyOutcome> => {
  const applied: ChosenOption[] = [];
  for (const [group, option] of chosen) {
    if (!(await applyOption(driver, group, option))) {
      return blocked(
        'merchant.no_safe_path',
        `Could not choose ${option.label} (${group.name || 'option'}) on ${driver.page.url()}: the page does not show it chosen; nothing was bought.`,
      );
    }
    applied.push({
      group: group.name,
      label: option.label,
      others: group.options.filter((other) => other !== option).map((other) => other.label),
    });
  }
  return applied;
};
