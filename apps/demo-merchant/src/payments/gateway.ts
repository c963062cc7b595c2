import { type CardNetworkRoute, ISSUER_RANGE, authorizeOnNetwork } from './card-network.js';
import type { PaymentGateway, PaymentResult } from './payment-types.js';

export type { PaymentGateway, PaymentMethod, PaymentRequest, PaymentResult } from './payment-types.js';

export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
} as const;

export interface TestPaymentGatewayOptions {
  /** Where cards of the sandbox issuer's range (4000 0099) are authorized; without it they are declined. */
  readonly cardNetwork?: CardNetworkRoute;
}

/**
 * The default processor, following the documented test convention: a token containing
 * `decline` is declined, any other token starting with `tok_` is approved; a card in the sandbox
 * issuer's range is authorized by the card network (the issuer decides); otherwise the card
 * 4000000000000002 is declined and any other card that passed form validation is approved.
 */
export const createTestPaymentGateway = (options: TestPaymentGatewayOptions = {}): PaymentGateway => {
  let approvals = 0;
  const approve = (): PaymentResult => ({
    outcome: 'approved',
    paymentId: `pay_${String(++approvals).padStart(6, '0')}`,
  });
  return {
    authorize: async ({ method, amount, currency }) => {
      if (method.kind === 'card' && method.number.startsWith(ISSUER_RANGE)) {
        if (!options.cardNetwork) return { outcome: 'declined', message: 'Your card was declined.' };
        return authorizeOnNetwork(options.cardNetwork, method, amount, currency);
      }
      if (method.kind === 'card') {
        return method.number === TEST_CARDS.declined
          ? { outcome: 'declined', message: 'Your card was declined.' }
          : approve();
      }
      if (method.token.toLowerCase().includes('decline'))
        return { outcome: 'declined', message: 'The card behind this payment token was declined.' };
      if (method.token.startsWith('tok_')) return approve();
      return { outcome: 'invalid', message: 'Unknown payment token.' };
    },
  };
};
