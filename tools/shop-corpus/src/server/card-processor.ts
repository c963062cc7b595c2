/** A card as a shop's checkout form took it: typed digits, an expiry, the security code. */
export interface TypedCard {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
  readonly name?: string;
}

/** What the card network answered the shop's processor. */
export type NetworkAnswer =
  | { readonly kind: 'approved'; readonly authorizationId: string }
  | { readonly kind: 'declined'; readonly declineCode: string }
  | { readonly kind: 'unreachable' };

/** The shop's processor asking the card network to authorize an amount on a typed card. */
export type CardNetwork = (request: {
  readonly card: TypedCard;
  readonly amountCents: number;
  readonly currency: string;
  readonly merchant: { readonly name: string; readonly url: string };
}) => Promise<NetworkAnswer>;

const decimal = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The network at `url`: the PayKit sandbox card network's request and answer
 * (`POST /sandbox/card-network/authorizations`, docs/adr/0226), which asks the card's issuer.
 */
export const cardNetworkAt =
  (url: string): CardNetwork =>
  async ({ card, amountCents, currency, merchant }) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc },
          amount: { value: decimal(amountCents), currency },
          merchant,
        }),
      });
      if (!response.ok) return { kind: 'unreachable' };
      const answer = (await response.json()) as { authorizationId?: string; approved?: boolean; declineCode?: string };
      return answer.approved === true
        ? { kind: 'approved', authorizationId: String(answer.authorizationId) }
        : { kind: 'declined', declineCode: answer.declineCode ?? 'do_not_honor' };
    } catch {
      return { kind: 'unreachable' };
    }
  };

/** No network configured: every card is a processor outage (a corpus started without an issuer). */
export const noCardNetwork: CardNetwork = () => Promise.resolve({ kind: 'unreachable' });

const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (const [index, char] of [...digits].reverse().entries()) {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
};

/** "MM / YY", "MM/YY", "MM/YYYY" or "MMYY" as month and four-digit year; null when it is none of them. */
export const readExpiry = (text: string): { readonly month: number; readonly year: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
};

/** The checks a shop's card form makes before it asks the network: what the shopper is told to correct. */
export const cardProblems = (card: TypedCard, now: Date = new Date()): readonly string[] => {
  const digits = card.number.replace(/[\s-]/g, '');
  const problems: string[] = [];
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) problems.push('The card number is not valid.');
  const endOfMonth = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || endOfMonth <= now) problems.push('The card has expired.');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.push('The security code is not valid.');
  return problems;
};
