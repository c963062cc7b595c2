import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { CardNetworkAuthorizationBody, CardNetworkAuthorizationResponse } from './card-network-authorization.js';

export const CARD_NETWORK_EXAMPLES: readonly ContractExample[] = [
  requestExample(
    CardNetworkAuthorizationBody,
    'checkout',
    'A shop’s processor asks about a virtual card it was given',
    {
      card: { number: '4000009901234560', expMonth: 12, expYear: 2029, cvc: '123' },
      amount: { value: '49.94', currency: 'USD' },
      merchant: { name: 'Tidy Goods', url: 'http://127.0.0.1:43121/' },
    },
  ),
  responseExample(CardNetworkAuthorizationResponse, 'approved', 'The declared amount at the locked merchant', {
    authorizationId: 'auth_5b0c8c53-1c55-4a44-9d76-0f6a8f0e2f11',
    approved: true,
  }),
  responseExample(CardNetworkAuthorizationResponse, 'over-cap', 'More than the run declared', {
    authorizationId: 'auth_0e0b7f5e-8e51-4d0e-b0c8-5d0a0b0fd4c2',
    approved: false,
    declineCode: 'over_cap',
  }),
];
