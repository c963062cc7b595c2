import { fold } from '@paykit/kernel';
import { orderDecider, toOrderResource, type Order, type OrderEvent } from '../../src/index.js';
import {
  CREATED_AT,
  DELIVERY_TX,
  DEPOSIT_TX,
  EXPIRES_AT,
  LATER,
  MEMO,
  ORDER_ID,
  PAYER,
  PAYMENT_ID,
  PAYMENT_METHOD_ID,
  SERIALIZED_TX,
  TOKEN,
  TOKEN_METADATA,
  TRANSFER_ID,
  WALLET,
  cardDeclined,
  cardStarted,
  deliveryFailed,
  depositReceived,
  offrampCreated,
  onrampCreated,
  onrampDeliveryStarted,
  paidOnramp,
  quoteExpired,
} from '../fixtures.js';

const resourceOf = (events: OrderEvent[]) => toOrderResource(fold(orderDecider, events) as Order);

const onrampLineItemQuote = {
  status: 'valid',
  charges: {
    unit: { amount: '2500', currency: 'usd' },
    fees: {
      type: 'total',
      amount: '1.73',
      currency: 'usd',
      breakdown: [
        { type: 'service-fee', amount: '1.68', currency: 'usd' },
        { type: 'network-fee', amount: '0.05', currency: 'usd' },
      ],
    },
    salesTax: { amount: '6.65', currency: 'usd' },
    shipping: { amount: '0', currency: 'usd' },
  },
  totalPrice: { amount: '100', currency: 'usd' },
  quantityRange: { lowerBound: '0.034902857142857142', upperBound: '0.036648' },
};

describe('toOrderResource', () => {
  it("renders a placed onramp order in the spec's shape", () => {
    expect(resourceOf([onrampCreated()])).toEqual({
      orderId: ORDER_ID,
      phase: 'payment',
      locale: 'en-US',
      lineItems: [
        {
          chain: 'base-sepolia',
          metadata: TOKEN_METADATA,
          quote: onrampLineItemQuote,
          executionMode: 'exact-in',
          executionParams: { mode: 'exact-in', amount: '100' },
          quantity: 0.036648,
          callData: { quantity: '0.036648' },
          maxSlippageBps: '500',
          delivery: { status: 'awaiting-payment', recipient: { walletAddress: WALLET } },
        },
      ],
      quote: {
        status: 'valid',
        quotedAt: CREATED_AT,
        expiresAt: EXPIRES_AT,
        totalPrice: { amount: '100', currency: 'usd' },
      },
      payment: {
        status: 'awaiting-payment',
        method: 'card',
        currency: 'usd',
        totalPaid: { amount: '100', currency: 'usd' },
        receiptEmail: 'buyer@example.com',
      },
    });
  });

  it('shows the identity check to complete while payment requires KYC', () => {
    const inquiry = { provider: 'persona', inquiryId: 'inq_1', sessionToken: 'sess_1', environmentId: 'env_sandbox' };
    const resource = resourceOf([
      onrampCreated({ kyc: { required: true, standing: 'unverified' } }),
      { type: 'OrderKycInquiryStarted', data: { orderId: ORDER_ID, inquiry } },
    ]);
    expect(resource.payment).toEqual({
      status: 'requires-kyc',
      method: 'card',
      currency: 'usd',
      totalPaid: { amount: '100', currency: 'usd' },
      preparation: { kyc: inquiry },
      receiptEmail: 'buyer@example.com',
    });
  });

  it('shows the card verification step while the processor waits for it', () => {
    const verification = { type: 'three-d-secure', url: 'https://processor.test/3ds' };
    const resource = resourceOf([
      onrampCreated(),
      cardStarted(),
      { type: 'OrderCardVerificationRequired', data: { orderId: ORDER_ID, paymentId: PAYMENT_ID, verification } },
    ]);
    expect(resource.payment).toMatchObject({ status: 'in-progress', preparation: { cardVerification: verification } });
  });

  it('shows a declined card with its failure reason', () => {
    expect(resourceOf([onrampCreated(), cardStarted(), cardDeclined()]).payment).toEqual({
      status: 'failed',
      method: 'card',
      currency: 'usd',
      totalPaid: { amount: '100', currency: 'usd' },
      receiptEmail: 'buyer@example.com',
      failureReason: { code: 'payment-declined', message: 'The card payment was declined' },
    });
  });

  it('an expired quote puts the order back in the quote phase', () => {
    const resource = resourceOf([onrampCreated(), quoteExpired()]);
    expect([
      resource.phase,
      resource.payment.status,
      resource.quote.status,
      resource.lineItems[0]!.quote.status,
    ]).toEqual(['quote', 'requires-quote', 'expired', 'expired']);
  });

  it('renders a delivered onramp order with its transaction and tokens', () => {
    const token = { contractAddress: '0x4444444444444444444444444444444444444444', symbol: 'TT', decimals: 18 };
    const resource = resourceOf([
      ...paidOnramp(),
      onrampDeliveryStarted(),
      {
        type: 'OrderDeliveryCompleted',
        data: {
          orderId: ORDER_ID,
          lineItemIndex: 0,
          deliveryId: TRANSFER_ID,
          txId: DELIVERY_TX,
          tokens: [{ locator: TOKEN, ...token, quantity: '0.036648' }],
          completedAt: LATER,
        },
      },
    ]);
    expect(resource.phase).toBe('completed');
    expect(resource.payment).toEqual({
      status: 'completed',
      method: 'card',
      currency: 'usd',
      totalPaid: { amount: '100', currency: 'usd' },
      received: { amount: '100', currency: 'usd' },
      receiptEmail: 'buyer@example.com',
    });
    expect(resource.lineItems[0]!.delivery).toEqual({
      status: 'completed',
      completedAt: LATER,
      recipient: { walletAddress: WALLET },
      txId: DELIVERY_TX,
      tokens: [{ locator: TOKEN, ...token, quantity: '0.036648' }],
    });
  });

  it('a refunded order shows the refund and the failed delivery', () => {
    const resource = resourceOf([
      ...paidOnramp(),
      deliveryFailed('slippage-tolerance-exceeded'),
      {
        type: 'OrderPaymentRefunded',
        data: {
          orderId: ORDER_ID,
          amount: { amount: '100', currency: 'usd' },
          method: 'card',
          reason: 'r',
          reference: 're_1',
          refundedAt: LATER,
        },
      },
    ]);
    expect(resource.payment).toMatchObject({ status: 'refunded', refunded: { amount: '100', currency: 'usd' } });
    expect(resource.lineItems[0]!.delivery).toEqual({
      status: 'failed',
      recipient: { walletAddress: WALLET },
      failureReason: { code: 'slippage-tolerance-exceeded', message: 'The transfer reverted' },
    });
  });

  it('reports the quantity actually being delivered once a delivery started', () => {
    const started: OrderEvent = {
      type: 'OrderDeliveryStarted',
      data: { orderId: ORDER_ID, lineItemIndex: 0, deliveryId: TRANSFER_ID, quantity: '0.035', startedAt: LATER },
    };
    expect(resourceOf([...paidOnramp(), started]).lineItems[0]!.quantity).toBe(0.035);
  });
});

describe('toOrderResource: offramp', () => {
  it('shows the deposit transaction for the payer wallet while awaiting payment', () => {
    const resource = resourceOf([offrampCreated()]);
    expect(resource.payment).toEqual({
      status: 'awaiting-payment',
      method: 'base-sepolia',
      currency: 'usdc',
      totalPaid: { amount: '250', currency: 'usdc' },
      preparation: {
        chain: 'base-sepolia',
        payerAddress: PAYER,
        serializedTransaction: SERIALIZED_TX,
        depositAddress: expect.any(String),
        transactionParameters: { amount: '250', memo: MEMO },
      },
      receiptEmail: 'seller@example.com',
    });
    expect(resource.lineItems[0]).toEqual({
      metadata: { name: 'US Dollar', description: 'Paid out to a bank account', imageUrl: 'https://img/usd.png' },
      quote: {
        status: 'valid',
        charges: {
          unit: { amount: '1', currency: 'usdc' },
          fees: {
            type: 'service-fee',
            amount: '2.475248',
            currency: 'usdc',
            breakdown: [{ type: 'service-fee', amount: '2.475248', currency: 'usdc' }],
          },
          salesTax: { amount: '0', currency: 'usdc' },
          shipping: { amount: '0', currency: 'usdc' },
        },
        totalPrice: { amount: '250', currency: 'usdc' },
        quantityRange: { lowerBound: '247.52', upperBound: '247.52' },
      },
      executionMode: 'exact-in',
      executionParams: { mode: 'exact-in', amount: '250' },
      quantity: 247.52,
      delivery: { status: 'awaiting-payment', recipient: { paymentMethodId: PAYMENT_METHOD_ID } },
    });
  });

  it('hides the deposit transaction until the identity check passes', () => {
    const resource = resourceOf([offrampCreated({ kyc: { required: true, standing: 'unverified' } })]);
    expect(resource.payment.status).toBe('requires-kyc');
    expect(resource.payment.preparation).toBeUndefined();
  });

  it('shows the deposit received and the settled payout on its rail', () => {
    const resource = resourceOf([
      offrampCreated(),
      depositReceived(),
      {
        type: 'OrderDeliveryStarted',
        data: {
          orderId: ORDER_ID,
          lineItemIndex: 0,
          deliveryId: 'payout-1',
          quantity: '247.52',
          rail: 'ach',
          startedAt: LATER,
        },
      },
      {
        type: 'OrderDeliveryCompleted',
        data: {
          orderId: ORDER_ID,
          lineItemIndex: 0,
          deliveryId: 'payout-1',
          payout: { amount: '247.52', currency: 'usd' },
          completedAt: LATER,
        },
      },
    ]);
    expect(resource.phase).toBe('completed');
    expect(resource.payment.received).toEqual({
      chain: 'base-sepolia',
      txId: DEPOSIT_TX,
      amount: '250',
      currency: 'usdc',
    });
    expect(resource.payment.preparation).toBeUndefined();
    expect(resource.lineItems[0]!.delivery).toEqual({
      status: 'completed',
      rail: 'ach',
      completedAt: LATER,
      recipient: { paymentMethodId: PAYMENT_METHOD_ID },
    });
  });
});
