import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { CardTokenBody, CardTokenResponse, CardVerificationBody, CardVerificationResponse } from './card-tokens.js';
import { StripeEventBody, StripeEventReceipt } from './card-webhooks.js';
import { CreateOrderBody } from './create-order.js';
import { OrderPage } from './list-orders.js';
import { CreateOrderResponse, DraftOrderResponse, OrderResource } from './order-resource.js';
import { ProcessPaymentBody } from './process-payment.js';

type Order = OrderResource;
type LineItem = Order['lineItems'][number];

const WALLET = '0x1cb06a354d7c00CBCBE090f58cE12763CE2C8417';
const PAYMENT_METHOD = '991e12dd-fa5e-48aa-8814-bd1972995b85';
const usd = (amount: string) => ({ amount, currency: 'usd' });
const usdc = (amount: string) => ({ amount, currency: 'usdc' });

const onrampItem: LineItem = {
  chain: 'base-sepolia',
  metadata: {
    name: 'USDXM',
    description: 'USDXM on base-sepolia',
    imageUrl: 'https://static.paykit.dev/tokens/usdxm.png',
  },
  quote: {
    status: 'valid',
    charges: {
      unit: usd('1'),
      fees: {
        type: 'total',
        ...usd('1.04'),
        breakdown: [
          { type: 'service-fee', ...usd('0.99') },
          { type: 'network-fee', ...usd('0.05') },
        ],
      },
      salesTax: usd('3.31'),
      shipping: usd('0'),
    },
    totalPrice: usd('50'),
    quantityRange: { lowerBound: '45.198019', upperBound: '45.65' },
  },
  executionMode: 'exact-in',
  executionParams: { mode: 'exact-in', amount: '50' },
  quantity: 45.65,
  callData: { quantity: '45.65' },
  maxSlippageBps: '100',
  delivery: { status: 'awaiting-payment', recipient: { locator: `base-sepolia:${WALLET}`, walletAddress: WALLET } },
};

const onramp: Order = {
  orderId: 'dcf2c84d-b284-4a87-8027-f63f0515bd45',
  phase: 'payment',
  locale: 'en-US',
  lineItems: [onrampItem],
  quote: {
    status: 'valid',
    quotedAt: '2026-11-25T20:33:29.292Z',
    expiresAt: '2026-11-25T20:38:29.292Z',
    totalPrice: usd('50'),
  },
  payment: {
    status: 'awaiting-payment',
    method: 'card',
    currency: 'usd',
    totalPaid: usd('50'),
    receiptEmail: 'ana@example.com',
  },
};

const TX_ID = '0xe81bc3b64c86c7021518dd1fdfecf972aa98007c902b67dff9031c1f54917b8d';
const delivered: Order = {
  ...onramp,
  phase: 'completed',
  lineItems: [
    {
      ...onrampItem,
      delivery: {
        status: 'completed',
        rail: 'onchain',
        completedAt: '2026-11-25T20:33:42.000Z',
        recipient: { locator: `base-sepolia:${WALLET}`, walletAddress: WALLET },
        txId: TX_ID,
        tokens: [
          {
            locator: 'base-sepolia:usdxm',
            contractAddress: '0xDc701122B8afFF800A94b86c03D2222D10efbA90',
            symbol: 'usdxm',
            decimals: 6,
            quantity: '45.65',
          },
        ],
      },
    },
  ],
  payment: { ...onramp.payment, status: 'completed', received: usd('50') },
};

const DEPOSIT_TX = '0x4646733c4d993cb7181784224001bb04a4b9a324d85b7893fc4d720bf49223ad';
const offrampItem: LineItem = {
  metadata: {
    name: 'USD',
    description: 'USD paid out to a bank account',
    imageUrl: 'https://static.paykit.dev/currencies/usd.png',
  },
  quote: {
    status: 'valid',
    charges: {
      unit: usdc('1'),
      fees: { type: 'service-fee', ...usdc('0.247525'), breakdown: [{ type: 'service-fee', ...usdc('0.247525') }] },
      salesTax: usdc('0'),
      shipping: usdc('0'),
    },
    totalPrice: usdc('25'),
    quantityRange: { lowerBound: '24.75', upperBound: '24.75' },
  },
  executionMode: 'exact-in',
  executionParams: { mode: 'exact-in', amount: '25' },
  quantity: 24.75,
  delivery: { status: 'awaiting-payment', recipient: { paymentMethodId: PAYMENT_METHOD } },
};

const offramp: Order = {
  orderId: '509c513b-cf4f-43ea-9226-a3c0c8646215',
  phase: 'payment',
  locale: 'en-US',
  lineItems: [offrampItem],
  quote: {
    status: 'valid',
    quotedAt: '2026-11-25T20:33:49.489Z',
    expiresAt: '2026-11-25T20:38:49.489Z',
    totalPrice: usdc('25'),
  },
  payment: {
    status: 'awaiting-payment',
    method: 'base-sepolia',
    currency: 'usdc',
    totalPaid: usdc('25'),
    preparation: {
      chain: 'base-sepolia',
      payerAddress: WALLET,
      serializedTransaction:
        '0x02f89383014a3480843b9aca00843b9aca0082fde894dc701122b8afff800a94b86c03d2222d10efba9080b868a9059cbb000000000000000000000000ea5af521cf854dc364961883c522b02e9c08f6f800000000000000000000000000000000000000000000000000000000017d78406d656d6f746578743a6f3530396335313362636634663433656139323236613363306338c0',
      depositAddress: '0xea5Af521CF854DC364961883c522b02e9c08F6f8',
      transactionParameters: { amount: '25', memo: 'o509c513bcf4f43ea9226a3c0c8' },
    },
  },
};

const offrampPaid: Order = {
  ...offramp,
  phase: 'delivery',
  lineItems: [
    {
      ...offrampItem,
      delivery: { status: 'in-progress', rail: 'ach', recipient: { paymentMethodId: PAYMENT_METHOD } },
    },
  ],
  payment: {
    status: 'completed',
    method: 'base-sepolia',
    currency: 'usdc',
    totalPaid: usdc('25'),
    received: { chain: 'base-sepolia', txId: DEPOSIT_TX, ...usdc('25') },
  },
};

export const ORDER_EXAMPLES: readonly ContractExample[] = [
  requestExample(CreateOrderBody, 'onramp-card', 'Onramp: buy 50 USD of USDC by card, delivered to a wallet', {
    recipient: { walletAddress: WALLET },
    payment: { method: 'card', currency: 'usd', receiptEmail: 'ana@example.com' },
    lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '50', maxSlippageBps: '100' } }],
  }),
  requestExample(
    CreateOrderBody,
    'offramp-bank',
    'Offramp: sell 25 USDC on base-sepolia, paid out to a saved bank account',
    {
      recipient: { paymentMethodId: PAYMENT_METHOD },
      payment: { method: 'base-sepolia', currency: 'usdc', payerAddress: WALLET },
      lineItems: [{ currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '25' } }],
    },
  ),
  requestExample(CreateOrderBody, 'draft-quote', 'A quote only: state draft stores nothing', {
    recipient: { walletAddress: WALLET },
    payment: { method: 'card', currency: 'usd', receiptEmail: 'ana@example.com' },
    lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '50', maxSlippageBps: '100' } }],
    state: 'draft',
  }),
  responseExample(CreateOrderResponse, 'onramp-card', 'An onramp order awaiting its card payment', {
    clientSecret: 'dcf2c84d-b284-4a87-8027-f63f0515bd45_secret_MuREIA2v5vVbraI-VWUPyu2G9Ci23OpP',
    order: onramp,
  }),
  responseExample(CreateOrderResponse, 'offramp-bank', 'An offramp order with its deposit instructions', {
    clientSecret: '509c513b-cf4f-43ea-9226-a3c0c8646215_secret_3A5EgXOdJj7AU0Ea15C3IgqXWH4cNoYS',
    order: offramp,
  }),
  responseExample(DraftOrderResponse, 'draft-quote', 'A quote that was not stored', {
    order: {
      ...onramp,
      orderId: 'f7b8e3ed-20dc-4c6b-92eb-044e61bfaf39',
      phase: 'quote',
      payment: { ...onramp.payment, status: 'draft' },
    },
  }),
  responseExample(OrderResource, 'onramp-delivered', 'An onramp order paid by card, tokens delivered', delivered),
  responseExample(
    OrderResource,
    'offramp-paying-out',
    'An offramp order paid on chain, the bank payout under way',
    offrampPaid,
  ),
  responseExample(OrderPage, 'page', 'Orders, newest first', {
    data: [offrampPaid, delivered],
    nextCursor: null,
    previousCursor: null,
  }),
  requestExample(ProcessPaymentBody, 'crypto-tx-id', 'Offramp: the deposit transaction, once broadcast', {
    type: 'crypto-tx-id',
    txId: DEPOSIT_TX,
  }),
  requestExample(ProcessPaymentBody, 'card-token', 'Onramp: a card token from POST /unstable/card-tokens', {
    type: 'card-token',
    token: 'tok_d0236edf-dff3-41e6-ad4b-aadfe1d2577f',
  }),
  requestExample(
    ProcessPaymentBody,
    'stripe-payment-method',
    'Onramp with Stripe (CARD_PROCESSOR=stripe): the PaymentMethod id Stripe.js gave the browser',
    { type: 'card-token', token: 'pm_1QxT2bLkdIwHu7ixAbCdEfGh' },
  ),
  requestExample(StripeEventBody, 'payment-intent-succeeded', 'Stripe: an order’s payment intent succeeded', {
    id: 'evt_3QxT2bLkdIwHu7ix0aBcDeFg',
    object: 'event',
    type: 'payment_intent.succeeded',
    created: 1764662400,
    livemode: true,
    data: {
      object: {
        id: 'pi_3QxT2bLkdIwHu7ix1aBcDeFg',
        object: 'payment_intent',
        status: 'succeeded',
        amount: 4215,
        currency: 'usd',
        metadata: {
          paykit_reference: '5f0c7a1e-2b7d-4c4e-9d8a-3e1f2a6b7c8d',
          paykit_idempotency_key: '8e2d3c4b-5a69-4f70-8b1c-2d3e4f5a6b7c',
        },
      },
    },
  }),
  requestExample(
    StripeEventBody,
    'identity-verification-session-verified',
    'Stripe Identity (POST /webhooks/stripe-identity): a user’s verification session verified',
    {
      id: 'evt_1QxT3cLkdIwHu7ixVeRiFiEd',
      object: 'event',
      type: 'identity.verification_session.verified',
      created: 1764662400,
      livemode: true,
      data: {
        object: {
          id: 'vs_1QxT3cLkdIwHu7ixAbCdEfGh',
          object: 'identity.verification_session',
          status: 'verified',
          type: 'document',
          created: 1764662100,
          last_error: null,
          metadata: {
            paykit_user: '2b1e4c7a-9d3f-4e8a-b5c6-7d8e9f0a1b2c:3f9a1c0d2b7e4a5f8c6d9e0a1b2c3d4e5f6a7b8c',
            paykit_reference: '5f0c7a1e-2b7d-4c4e-9d8a-3e1f2a6b7c8d',
          },
        },
      },
    },
  ),
  requestExample(
    StripeEventBody,
    'payout-failed',
    'Stripe Connect (POST /webhooks/stripe-payouts): the bank returned an offramp’s payout',
    {
      id: 'evt_1QxT4dLkdIwHu7ixPaYoUtFa',
      object: 'event',
      type: 'payout.failed',
      account: 'acct_1QxT0aLkdIwHu7ix',
      created: 1764835200,
      livemode: true,
      data: {
        object: {
          id: 'po_1QxT4dLkdIwHu7ixAbCdEfGh',
          object: 'payout',
          status: 'failed',
          amount: 4950,
          currency: 'usd',
          created: 1764662400,
          arrival_date: 1764835200,
          destination: 'ba_1QxT0bLkdIwHu7ixAbCdEfGh',
          failure_code: 'no_account',
          failure_message: 'The bank account details on file are probably incorrect.',
          metadata: { paykit_reference: '5f0c7a1e-2b7d-4c4e-9d8a-3e1f2a6b7c8d' },
        },
      },
    },
  ),
  responseExample(StripeEventReceipt, 'received', 'The event is recorded (or concerns none of our orders)', {
    received: true,
  }),
  requestExample(CardTokenBody, 'succeeds', 'Test card 4242 4242 4242 4242: every charge succeeds', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  }),
  requestExample(CardTokenBody, 'declines', 'Test card 4000 0000 0000 0002: every charge is declined', {
    number: '4000000000000002',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  }),
  requestExample(CardTokenBody, 'verification', 'Test card 4000 0025 0000 3155: asks for a verification step', {
    number: '4000002500003155',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  }),
  responseExample(CardTokenResponse, 'visa', 'A vault token for a Visa card', {
    token: 'tok_d0236edf-dff3-41e6-ad4b-aadfe1d2577f',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
    expiresAt: '2026-06-02T12:15:00.000Z',
  }),
  requestExample(CardVerificationBody, 'succeeded', 'The cardholder completes the verification', {
    outcome: 'succeeded',
  }),
  responseExample(CardVerificationResponse, 'succeeded', 'The charge went through', {
    verificationId: 'vrf_789a6d04-c3e9-4b3b-9271-b102fbe0a27a',
    status: 'succeeded',
  }),
];
