import { getOrThrow } from '@paykit/kernel';
import {
  quoteOrder,
  type CreateOrder,
  type ExecutionParameters,
  type OrderCreated,
  type OrderEvent,
  type PriceTableEntry,
  type Quote,
} from '../src/index.js';

export const ORDER_ID = '7a1c9e52-3f4b-4d8e-9a21-5b6c7d8e9f01';
export const CREATED_AT = '2026-01-01T00:00:00.000Z';
export const EXPIRES_AT = '2026-01-01T00:05:00.000Z';
export const AFTER_EXPIRY = '2026-01-01T00:05:00.000Z';
export const LATER = '2026-01-01T00:01:00.000Z';
export const WALLET = '0x1111111111111111111111111111111111111111';
export const PAYER = '0x2222222222222222222222222222222222222222';
export const DEPOSIT_ADDRESS = '0x3333333333333333333333333333333333333333';
export const TOKEN = 'base-sepolia:0x4444444444444444444444444444444444444444';
export const PAYMENT_METHOD_ID = '0f8e7d6c-5b4a-4321-8fed-cba987654321';
export const MEMO = 'ord-7a1c9e52';
export const SERIALIZED_TX = '0x02f8b1serialized';
export const SECRET_HASH = 'a'.repeat(64);
export const BUYER = { userLocator: 'userId:buyer-1' };

/** 18-decimal token at 2500 usd: a 1.5% + 0.30 service fee, a 0.05 network fee, 7.25% tax. */
export const tokenPrice: PriceTableEntry = {
  itemLocator: TOKEN,
  itemDecimals: 18,
  currency: 'usd',
  currencyDecimals: 2,
  unitPrice: '2500',
  fees: [
    { type: 'service-fee', rateBps: '150', fixed: '0.30' },
    { type: 'network-fee', fixed: '0.05' },
  ],
  salesTaxRate: '0.0725',
};

/** Selling usdc (6 decimals) for usd at par with a 1% fee and no tax. */
export const payoutPrice: PriceTableEntry = {
  itemLocator: 'fiat:usd',
  itemDecimals: 2,
  currency: 'usdc',
  currencyDecimals: 6,
  unitPrice: '1',
  fees: [{ type: 'service-fee', rateBps: '100' }],
  salesTaxRate: '0',
};

export const ONRAMP_EXECUTION: ExecutionParameters = { mode: 'exact-in', amount: '100', maxSlippageBps: '500' };
export const OFFRAMP_EXECUTION: ExecutionParameters = { mode: 'exact-in', amount: '250' };

export const quoteFor = (price: PriceTableEntry, execution: ExecutionParameters, quotedAt = CREATED_AT): Quote =>
  getOrThrow(quoteOrder({ price, execution, quotedAt, ttlSeconds: 300 }));

export const onrampQuote = quoteFor(tokenPrice, ONRAMP_EXECUTION);
export const offrampQuote = quoteFor(payoutPrice, OFFRAMP_EXECUTION);

export const TOKEN_METADATA = {
  name: 'Test Token',
  description: 'A token on Base Sepolia',
  imageUrl: 'https://img/t.png',
};
export const USD_METADATA = {
  name: 'US Dollar',
  description: 'Paid out to a bank account',
  imageUrl: 'https://img/usd.png',
};

type CreateData = CreateOrder['data'];

export const createOnramp = (overrides: Partial<CreateData> = {}): CreateOrder => ({
  type: 'CreateOrder',
  data: {
    orderId: ORDER_ID,
    createdAt: CREATED_AT,
    clientSecretHash: SECRET_HASH,
    buyer: BUYER,
    payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
    lineItems: [
      { tokenLocator: TOKEN, executionParameters: { amount: '100', maxSlippageBps: '500' }, metadata: TOKEN_METADATA },
    ],
    recipient: { walletAddress: WALLET },
    quote: onrampQuote,
    kyc: { standing: 'unverified', noKycThreshold: { amount: '500', currency: 'usd' } },
    ...overrides,
  },
});

export const createOfframp = (overrides: Partial<CreateData> = {}): CreateOrder => ({
  type: 'CreateOrder',
  data: {
    orderId: ORDER_ID,
    createdAt: CREATED_AT,
    clientSecretHash: SECRET_HASH,
    buyer: BUYER,
    payment: { method: 'base-sepolia', currency: 'usdc', payerAddress: PAYER, receiptEmail: 'seller@example.com' },
    lineItems: [
      { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '250' }, metadata: USD_METADATA },
    ],
    recipient: { paymentMethodId: PAYMENT_METHOD_ID, payoutCurrency: 'usd' },
    quote: offrampQuote,
    kyc: { standing: 'verified' },
    deposit: { address: DEPOSIT_ADDRESS, memo: MEMO, serializedTransaction: SERIALIZED_TX },
    ...overrides,
  },
});

type CreatedData = OrderCreated['data'];

/** The OrderCreated of createOnramp(), written out: a card order below the KYC threshold. */
export const onrampCreated = (overrides: Partial<CreatedData> = {}): OrderCreated => ({
  type: 'OrderCreated',
  data: {
    orderId: ORDER_ID,
    kind: 'onramp',
    createdAt: CREATED_AT,
    locale: 'en-US',
    buyer: BUYER,
    clientSecretHash: SECRET_HASH,
    recipient: { walletAddress: WALLET },
    payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
    kyc: { required: false, standing: 'unverified' },
    lineItems: [{ locator: TOKEN, chain: 'base-sepolia', metadata: TOKEN_METADATA, execution: ONRAMP_EXECUTION }],
    quote: onrampQuote,
    ...overrides,
  },
});

/** The OrderCreated of createOfframp(): a verified seller with a known payer wallet. */
export const offrampCreated = (overrides: Partial<CreatedData> = {}): OrderCreated => ({
  type: 'OrderCreated',
  data: {
    orderId: ORDER_ID,
    kind: 'offramp',
    createdAt: CREATED_AT,
    locale: 'en-US',
    buyer: BUYER,
    clientSecretHash: SECRET_HASH,
    recipient: { paymentMethodId: PAYMENT_METHOD_ID },
    payment: { method: 'base-sepolia', currency: 'usdc', receiptEmail: 'seller@example.com', payerAddress: PAYER },
    deposit: { address: DEPOSIT_ADDRESS, memo: MEMO, serializedTransaction: SERIALIZED_TX },
    kyc: { required: true, standing: 'verified' },
    lineItems: [{ locator: 'fiat:usd', metadata: USD_METADATA, execution: OFFRAMP_EXECUTION }],
    quote: offrampQuote,
    ...overrides,
  },
});

export const PAYMENT_ID = 'pay_0001';

export const cardStarted = (paymentId = PAYMENT_ID): OrderEvent => ({
  type: 'OrderCardPaymentStarted',
  data: { orderId: ORDER_ID, paymentId, amount: { amount: '100', currency: 'usd' }, startedAt: LATER },
});

export const cardSucceeded = (paymentId = PAYMENT_ID): OrderEvent => ({
  type: 'OrderCardPaymentSucceeded',
  data: { orderId: ORDER_ID, paymentId, amount: { amount: '100', currency: 'usd' }, succeededAt: LATER },
});

export const cardDeclined = (paymentId = PAYMENT_ID): OrderEvent => ({
  type: 'OrderCardPaymentDeclined',
  data: {
    orderId: ORDER_ID,
    paymentId,
    failureReason: { code: 'payment-declined', message: 'The card payment was declined' },
    declinedAt: LATER,
  },
});

export const DEPOSIT_TX = '0xdeposit01';

export const depositReceived = (): OrderEvent => ({
  type: 'OrderCryptoDepositReceived',
  data: {
    orderId: ORDER_ID,
    chain: 'base-sepolia',
    txId: DEPOSIT_TX,
    amount: { amount: '250', currency: 'usdc' },
    memo: MEMO,
    from: PAYER,
    to: DEPOSIT_ADDRESS,
    receivedAt: LATER,
  },
});

export const quoteExpired = (): OrderEvent => ({
  type: 'OrderQuoteExpired',
  data: { orderId: ORDER_ID, expiresAt: EXPIRES_AT, expiredAt: AFTER_EXPIRY },
});

export const TRANSFER_ID = 'transfer-1';
export const DELIVERY_TX = '0xdelivery01';

/** The onramp delivery of the whole quoted 0.036648 tokens at the quoted price. */
export const onrampDeliveryStarted = (): OrderEvent => ({
  type: 'OrderDeliveryStarted',
  data: {
    orderId: ORDER_ID,
    lineItemIndex: 0,
    deliveryId: TRANSFER_ID,
    quantity: '0.036648',
    executionPrice: { amount: '2500', currency: 'usd' },
    startedAt: LATER,
  },
});

export const deliveryFailed = (code = 'transfer-failed'): OrderEvent => ({
  type: 'OrderDeliveryFailed',
  data: {
    orderId: ORDER_ID,
    lineItemIndex: 0,
    deliveryId: TRANSFER_ID,
    failureReason: { code, message: 'The transfer reverted' },
    failedAt: LATER,
  },
});

/** A paid onramp order whose delivery is under way. */
export const paidOnramp = (): OrderEvent[] => [onrampCreated(), cardStarted(), cardSucceeded()];
