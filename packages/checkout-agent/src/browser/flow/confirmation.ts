import type { Receipt } from '@paykit/checkout-runs';
import type { Money } from '@paykit/kernel';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { alertTexts, collapse, textAt } from '../page/controls.js';
import { parseMoneyText } from '../page/money-text.js';
import { problemOfMessage } from '../page/page-problems.js';
import { CONFIRMED } from '../page/vocabulary.js';
import type { BrowserDriver } from './driver.js';

/**
 * An order number as confirmation pages write it: "Order #PP-7782", "Order number: DM-001001",
 * "Your order number is 100482", "Order reference: FF-20417", "Confirmation: LL-88213",
 * "Order ID NP2291K", "Order no. CS-30318", "We have your order (C-8801)", "Bestellnummer: VT-2026-301".
 * It has a digit, so words are not taken for one.
 */
const ORDER_NUMBER =
  /\b(?:order|confirmation|reference|receipt|bestellnummer|bestellung|auftragsnummer|commande|num[ée]ro de commande|pedido|n[úu]mero de pedido)(?:\s+(?:number|no\.?|num|nr\.?|code|id|reference|ref\.?|#))?(?:\s+(?:is|was|ist|est|es))?\s*[:#(]?\s*#?\s*([A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*|\d[A-Z0-9/-]*)\b/gi;

export interface Paid {
  readonly total: Money;
  readonly productName: string;
  readonly quantity: number;
  readonly attemptId: string;
}

const orderNumberIn = (text: string): string | null => {
  for (const match of text.matchAll(ORDER_NUMBER)) {
    const found = match[1];
    if (found && /\d/.test(found) && found.length >= 3) return found;
  }
  return null;
};

export const reconciliation = (paid: Pick<Paid, 'total'>, url: string): StrategyOutcome => ({
  kind: 'failed',
  reason: 'reconciliation_required',
  detail: `The payment of ${paid.total.amount} ${paid.total.currency} was submitted at ${url} but the shop did not confirm it; it may have gone through.`,
});

/**
 * After the one click that pays: the shop's decline, or its confirmation (the order number in
 * whatever words the page uses, the total charged), or, when the page shows neither, a payment
 * whose outcome is unknown and is left for reconciliation.
 */
export const readConfirmation = async (driver: BrowserDriver, paid: Paid): Promise<StrategyOutcome> => {
  const { page, context } = driver;
  for (const message of await alertTexts(page)) {
    if (problemOfMessage(message)?.code === 'merchant.payment_declined') {
      return {
        kind: 'blocked',
        code: 'merchant.payment_declined',
        summary: `The shop declined the payment: "${message}" Nothing was charged.`,
      };
    }
  }
  const main = page.locator('main');
  const text = collapse(await ((await main.count()) > 0 ? main.first() : page.locator('body')).innerText());
  const named = await textAt(page, ['[data-testid=order-number]', '#order-number', '.order-number']);
  const orderId = named || orderNumberIn(text);
  const totalText = await textAt(page, ['[data-testid=order-total]', '#order-total', '.order-total']);
  const charged = (totalText ? parseMoneyText(totalText, paid.total.currency) : null) ?? paid.total;
  const bought = `Bought ${paid.quantity} x ${paid.productName} for ${charged.amount} ${charged.currency}`;
  if (orderId) {
    const receipt: Receipt = { total: charged, merchantOrderId: orderId };
    return { kind: 'succeeded', summary: `${bought}; merchant order ${orderId}.`, receipt };
  }
  if (CONFIRMED.test(text))
    return {
      kind: 'succeeded',
      summary: `${bought}; the shop confirmed the order without showing an order number.`,
      receipt: { total: charged },
    };
  context.logger.warn(
    { runId: context.runId, attemptId: paid.attemptId },
    'payment submitted without a visible outcome',
  );
  return reconciliation(paid, page.url());
};
