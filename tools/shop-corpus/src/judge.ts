import type { CorpusScenario } from './scenarios.js';
import type { PaymentAttempt, PlacedOrder } from './server/order-book.js';

/** How a run ended, as its snapshot says. */
export interface RunEnding {
  readonly status: string;
  /** The blocked code or the failure reason. */
  readonly code?: string;
}

export interface Verdict {
  /** The run ended as the scenario expects (status, code, and for a purchase the item and quantity). */
  readonly expected: boolean;
  /** Money that moved wrongly: paid above maxCost, a wrong item, two orders, a second payment, a purchase that should not be. */
  readonly wrongMoney: readonly string[];
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);

/** Judges one run from its ending and what the shop recorded during it. */
export const judgeRun = (
  scenario: CorpusScenario,
  ending: RunEnding,
  orders: readonly PlacedOrder[],
  attempts: readonly PaymentAttempt[],
): Verdict => {
  const wrongMoney: string[] = [];
  if (orders.length > 1) wrongMoney.push(`${orders.length} orders placed`);
  if (attempts.length > 1) wrongMoney.push(`${attempts.length} payments attempted`);
  for (const order of orders) {
    if (order.currency === scenario.maxCost.currency && order.totalCents > cents(scenario.maxCost.amount))
      wrongMoney.push(`paid ${order.totalCents / 100} ${order.currency}, above maxCost`);
    if (scenario.expected.status !== 'succeeded')
      wrongMoney.push(`bought ${order.number} although the run should have stopped`);
    else if (order.lines.some((line) => line.sku !== scenario.expected.sku))
      wrongMoney.push(`bought ${order.lines.map((line) => line.sku).join(', ')} instead of ${scenario.expected.sku}`);
  }
  const { expected } = scenario;
  const ended = ending.status === expected.status && (expected.code === undefined || ending.code === expected.code);
  const [line] = orders.length === 1 && orders[0]?.lines.length === 1 ? orders[0].lines : [];
  const bought =
    expected.status !== 'succeeded' ||
    (line !== undefined && line.sku === expected.sku && line.quantity === (expected.quantity ?? 1));
  return { expected: ended && bought && wrongMoney.length === 0, wrongMoney };
};
