import type { Charge, ChargeFacts, DeclineCode } from './card-processor-port.js';
import type { SandboxCardBehaviour } from './test-cards.js';

const MESSAGES: Readonly<Record<DeclineCode, string>> = {
  card_declined: 'The card was declined',
  insufficient_funds: 'The card has insufficient funds',
  expired_card: 'The card has expired',
  authentication_failed: 'The cardholder did not complete the verification',
};

export const declineMessage = (code: DeclineCode): string => MESSAGES[code];

/** A charge the issuer (or the cardholder, at a verification step) declined, as every processor records it. */
export const declinedCharge = (facts: ChargeFacts, code: DeclineCode): Charge => ({
  ...facts,
  status: 'declined',
  declineCode: code,
  failureReason: { code: 'payment-declined', message: declineMessage(code) },
});

/** The issuer's answer to a charge of a test card (processor errors are not answers). */
export const declineOf = (behaviour: SandboxCardBehaviour): DeclineCode | undefined => {
  switch (behaviour) {
    case 'decline':
      return 'card_declined';
    case 'insufficient-funds':
      return 'insufficient_funds';
    case 'expired-card':
      return 'expired_card';
    default:
      return undefined;
  }
};
