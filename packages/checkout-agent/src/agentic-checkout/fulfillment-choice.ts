import type { TaskHints } from '../merchant-page/task-hints.js';
import type { FulfillmentOption } from './acp-session.js';

const FAST_TITLE = /\b(express|overnight|next[\s-]day|priority|expedited)\b/i;

const arrivalOf = (option: FulfillmentOption): number =>
  option.latestDelivery && !Number.isNaN(Date.parse(option.latestDelivery))
    ? Date.parse(option.latestDelivery)
    : Number.POSITIVE_INFINITY;

/**
 * The delivery to buy: the cheapest, unless the task asks for speed, then the one that
 * arrives first (by the merchant's latest delivery time, else an express-like title),
 * cheapest among equals.
 */
export const chooseFulfillment = (
  options: readonly FulfillmentOption[],
  hints: TaskHints,
): FulfillmentOption | null => {
  const byPrice = [...options].sort((a, b) => a.amount - b.amount);
  if (hints.delivery === 'cheapest') return byPrice[0] ?? null;
  const fastest = [...byPrice].sort((a, b) => arrivalOf(a) - arrivalOf(b))[0];
  if (fastest && arrivalOf(fastest) !== Number.POSITIVE_INFINITY) return fastest;
  return byPrice.find((option) => FAST_TITLE.test(option.title)) ?? byPrice[0] ?? null;
};
