import type { Locator, Page } from 'playwright-core';

/** A box saying the billing address is the shipping one. */
const SAME_AS_SHIPPING =
  /\bsame as (the |my )?(shipping|delivery)( address)?\b|\buse (the |my )?(shipping|delivery) address\b|\bbilling address (is )?(the )?same\b|\bwie lieferadresse\b/i;

/**
 * Ticks "billing address same as shipping" where the card form has the box unticked; a form
 * without it gets its billing fields filled with the buyer's address like any other address.
 */
export const billingSameAsShipping = async (page: Page, check: (box: Locator) => Promise<void>): Promise<void> => {
  const box = page.getByRole('checkbox', { name: SAME_AS_SHIPPING });
  if ((await box.count()) === 0) return;
  const first = box.first();
  if (!(await first.isVisible()) || (await first.isChecked())) return;
  await check(first);
};
