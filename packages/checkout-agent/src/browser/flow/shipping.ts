import { Decimal, type Money } from '@paykit/kernel';
import type { TaskHints } from '../../merchant-page/task-hints.js';
import { type Choice, type ChoiceGroup, readChoiceGroups } from '../page/choices.js';
import { control } from '../page/controls.js';
import { parseMoneyText } from '../page/money-text.js';
import { FAST, PICKUP } from '../page/vocabulary.js';
import type { BrowserDriver } from './driver.js';

const SHIPPING_GROUP =
  /\b(ship|shipping|deliver|delivery|postage|speed|carrier|courier|fulfil|fulfill|versand|lieferung|livraison|env[ií]o)/i;
const SHIPPING_WORDS =
  /\b(ship|shipping|delivery|deliver|courier|post|postage|ground|express|standard|overnight|usps|ups|fedex|dhl|royal mail|tracked|(working |business )?days?|versand|werktage|paket|livraison|jours|env[ií]o|d[ií]as)\b/i;
const PAYMENT_WORDS = /\b(card|token|paypal|wallet|bank|invoice|cash)\b/i;

interface Priced {
  readonly choice: Choice;
  readonly amount: Money | null;
}

/** A group of radios that chooses how the order is delivered (not how it is paid, not a product option). */
const isShipping = (group: ChoiceGroup): boolean => {
  const labels = group.choices.map((choice) => choice.label).join(' ');
  if (PAYMENT_WORDS.test(labels) && !SHIPPING_WORDS.test(labels)) return false;
  return (
    SHIPPING_GROUP.test(`${group.name} ${group.heading}`) ||
    group.choices.filter((choice) => SHIPPING_WORDS.test(choice.label)).length >= Math.max(1, group.choices.length - 1)
  );
};

const priceOf = (label: string, currency: string | undefined): Money | null => {
  if (/\bfree\b/i.test(label)) return { amount: '0', currency: currency ?? 'USD' };
  const amount = /(?:[A-Z]{3}\s?)?\p{Sc}\s?\d[\d.,]*|\d[\d.,]*\s?\p{Sc}|[A-Z]{3}\s?\d[\d.,]*/u.exec(label)?.[0];
  return amount ? parseMoneyText(amount, currency) : null;
};

const cost = (priced: Priced): Decimal =>
  priced.amount ? new Decimal(priced.amount.amount) : new Decimal(Number.MAX_SAFE_INTEGER);

/** The delivery the task wants: the cheapest delivery to the address (never a pickup unless there is nothing else), or the fastest when asked. */
const preferred = (options: readonly Priced[], hints: TaskHints): Priced | null => {
  const deliveries = options.filter((option) => !PICKUP.test(option.choice.label) && !option.choice.disabled);
  const candidates = [...(deliveries.length > 0 ? deliveries : options)].sort((a, b) => cost(a).comparedTo(cost(b)));
  if (hints.delivery === 'fastest')
    return candidates.find((option) => FAST.test(option.choice.label)) ?? candidates.at(-1) ?? null;
  return candidates[0] ?? null;
};

/**
 * Chooses the delivery on the page, when it offers a choice: the cheapest, or the fastest the
 * task asks for. Shops recompute the total in the page or with an "Update" button; either way
 * the total is read afterwards.
 */
export const chooseDelivery = async (
  driver: BrowserDriver,
  hints: TaskHints,
  currency: string | undefined,
): Promise<void> => {
  for (const group of (await driver.read(readChoiceGroups)).filter(isShipping)) {
    const choice = preferred(
      group.choices.map((candidate) => ({ choice: candidate, amount: priceOf(candidate.label, currency) })),
      hints,
    )?.choice;
    if (!choice || choice.checked) continue;
    await driver.step(`Choose delivery: ${choice.label}`);
    await driver.check(choice.locator);
    const form = choice.locator.locator('xpath=ancestor::form[1]');
    const update = (await form.count()) > 0 ? await control(form, /\b(update|apply|recalculate|refresh)\b/i) : null;
    if (update) await driver.press(update);
    else await driver.settle();
  }
};
