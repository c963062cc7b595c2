import { toDecimalString } from '../pricing/money.js';
import type { PaymentResult } from './payment-types.js';

/** The sandbox issuer's range: a processor routes these numbers to the card network (docs/adr/0226). */
export const ISSUER_RANGE = '40000099';

/** Where the processor reaches the card network, and who the shop is to it. */
export interface CardNetworkRoute {
  /** `POST` URL of the network's authorizations; unknown until the network is up, so asked each time. */
  readonly url: () => string | undefined;
  readonly merchant: () => { readonly name: string; readonly url: string };
  readonly timeoutMs?: number;
}

export interface TypedCard {
  readonly number: string;
  readonly expMonth?: number;
  readonly expYear?: number;
  readonly cvc?: string;
}

interface NetworkAnswer {
  readonly authorizationId?: unknown;
  readonly approved?: unknown;
  readonly declineCode?: unknown;
}

const declined = (message: string): PaymentResult => ({ outcome: 'declined', message });

/**
 * Asks the card network to authorize `amount` (minor units) on a typed card, as a processor
 * does for a card it does not issue itself: approved with the network's authorization id, or
 * declined with what the shopper is told. An unreachable network declines (nothing was charged).
 */
export const authorizeOnNetwork = async (
  route: CardNetworkRoute,
  card: TypedCard,
  amount: number,
  currency: string,
): Promise<PaymentResult> => {
  const url = route.url();
  if (!url) return declined('Your card was declined: its network cannot be reached.');
  if (card.expMonth === undefined || card.expYear === undefined || card.cvc === undefined)
    return declined('Your card was declined: the expiry date and security code are required.');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc },
        amount: { value: toDecimalString(amount), currency: currency.toUpperCase() },
        merchant: route.merchant(),
      }),
      signal: AbortSignal.timeout(route.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as NetworkAnswer;
    if (response.ok && answer.approved === true && typeof answer.authorizationId === 'string')
      return { outcome: 'approved', paymentId: answer.authorizationId };
    return declined(
      answer.declineCode === 'incorrect_cvc'
        ? 'Your card’s security code is incorrect.'
        : answer.declineCode === 'card_expired'
          ? 'Your card has expired or its expiry date is wrong.'
          : 'Your card was declined.',
    );
  } catch {
    return declined('Your card was declined: its network did not answer. Nothing was charged.');
  }
};
