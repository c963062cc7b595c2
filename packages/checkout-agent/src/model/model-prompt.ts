import type { StrategyContext } from '../strategy/strategy-port.js';

export const SYSTEM_PROMPT = [
  'You are a careful shopping agent buying one item in a web shop for a user.',
  'Each turn you get a summary of the current page: its URL, text and numbered interactive elements ([ref]).',
  'Reply with exactly one tool call. Use fill/select for the buyer details given, click to move on.',
  'Never type payment details. On the payment page, call pay with the final total shown and the ref of the pay button: the agent types the card.',
  'After paying, call done once the confirmation page shows the order; call blocked if the item is out of stock, a captcha or access wall stops you, the payment is declined, or the price exceeds the maximum; give_up if nothing can be done safely.',
].join('\n');

/** The user's request as the model reads it: task, budget and the buyer's details (never payment details). */
export const taskPrompt = (context: StrategyContext): string => {
  const { input, buyer } = context;
  const { maxCost } = input.constraints;
  const lines = [
    `Start page: ${input.request.startUrl}`,
    `Task: ${input.request.task ?? 'Buy the product on the start page.'}`,
    `Maximum total: ${maxCost.amount} ${maxCost.currency}`,
  ];
  if (buyer?.name) lines.push(`Buyer: ${buyer.name.first} ${buyer.name.last}`);
  if (buyer?.contact?.email) lines.push(`Email: ${buyer.contact.email}`);
  if (buyer?.contact?.phone) lines.push(`Phone: ${buyer.contact.phone}`);
  const shipping = buyer?.shipping;
  if (shipping) {
    lines.push(
      `Ship to: ${shipping.addressLines.join(', ')}, ${shipping.locality}${shipping.administrativeAreaCode ? `, ${shipping.administrativeAreaCode}` : ''}` +
        `${shipping.postalCode ? ` ${shipping.postalCode}` : ''}, ${shipping.countryCode}`,
    );
  }
  return lines.join('\n');
};
