import { readChoiceGroups } from '../page/choices.js';
import type { BrowserDriver } from './driver.js';
import { cardForm } from './place-order.js';

/** A payment method that is paying by a typed card ("Pay by credit card", "Credit card", "Kreditkarte"). */
const CARD_PAYMENT =
  /\b(credit|debit|bank) ?cards?\b|\bpay (by|with) (a )?card\b|\bcard payment\b|\bkreditkarte\b|\bcarte (bancaire|de cr[ée]dit)\b|\btarjeta\b/i;
const NOT_THE_CARD = /\bgift ?card\b|\bpaypal\b|\bklarna\b|\bstore credit\b|\bvoucher\b/i;

/**
 * Chooses the card payment method where the page hides its card form until one is chosen
 * (PrestaShop's payment options): the one radio whose label means paying by card. A page
 * showing a card form already, or with no such radio, is left as it is.
 */
export const chooseCardPayment = async (driver: BrowserDriver): Promise<void> => {
  if (await cardForm(driver)) return;
  const options = (await driver.read(readChoiceGroups))
    .flatMap((group) => group.choices)
    .filter((choice) => !choice.disabled && CARD_PAYMENT.test(choice.label) && !NOT_THE_CARD.test(choice.label));
  const [option] = options;
  if (options.length !== 1 || !option || option.checked) return;
  await driver.step(`Choose the payment method: ${option.label}`);
  await driver.check(option.locator);
  await driver.settle();
};
