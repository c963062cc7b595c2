import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { CreatePaymentMethodBody, PaymentMethodPage, PaymentMethodResponse } from './payment-method.js';

const bankAccount = {
  accountSuffix: '4321',
  routingNumber: '110000000',
  bankName: 'Test Bank',
  accountType: 'checking' as const,
  currency: 'usd',
  country: 'US',
  entityType: 'individual' as const,
};
const saved: PaymentMethodResponse = {
  paymentMethodId: '991e12dd-fa5e-48aa-8814-bd1972995b85',
  type: 'bank-account-us',
  default: true,
  bankAccount,
  createdAt: '2026-11-25T20:33:49.441Z',
};

export const PAYMENT_METHOD_EXAMPLES: readonly ContractExample[] = [
  requestExample(
    CreatePaymentMethodBody,
    'checking',
    "A user's US checking account (the sandbox's test routing number)",
    {
      type: 'bank-account-us',
      userLocator: 'email:ana@example.com',
      bankAccount: {
        accountNumber: '000987654321',
        routingNumber: '110000000',
        accountType: 'checking',
        bankName: 'Test Bank',
        currency: 'usd',
        country: 'US',
        entityType: 'individual',
        billing: {
          name: 'Ana Lima',
          address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
        },
      },
    },
  ),
  responseExample(PaymentMethodResponse, 'checking', 'Saved: only the last four digits are ever shown', saved),
  responseExample(PaymentMethodPage, 'page', "A user's payout methods", {
    data: [saved],
    nextCursor: null,
    previousCursor: null,
  }),
];
