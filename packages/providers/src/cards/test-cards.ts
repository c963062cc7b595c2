/** What a sandbox card does when charged. */
export type SandboxCardBehaviour =
  'succeed' | 'decline' | 'insufficient-funds' | 'expired-card' | 'require-verification' | 'processor-error';

/**
 * The sandbox's magic numbers, after a payment processor's test mode. Any other number that
 * passes the Luhn check charges successfully; these do what their name says.
 */
export const TEST_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '378282246310005': 'succeed',
  '6011111111111117': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient-funds',
  '4000000000000069': 'expired-card',
  '4000002500003155': 'require-verification',
  '4000000000000119': 'processor-error',
};

export const behaviourOfCard = (digits: string): SandboxCardBehaviour => TEST_CARDS[digits] ?? 'succeed';
