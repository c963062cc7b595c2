import { getOrThrow } from '@paykit/kernel';
import {
  type Order,
  type OrderCommand,
  type OrderState,
  type PriceTableEntry,
  orderDecider,
  quoteOrder,
} from '@paykit/orders';

/**
 * Orders for filling a read model: a few lifecycles folded once through the orders decider,
 * then stamped per order with its own id, creation time and buyer wallet. The mix spreads
 * orders over every payment and delivery filter value and both currencies.
 */

const CREATED_AT = '2025-01-01T00:00:00.000Z';
const LATER = '2025-01-01T00:00:01.000Z';
const TOKEN = 'base-sepolia:0x4444444444444444444444444444444444444444';

const price = (itemLocator: string, itemDecimals: number, currency: string, currencyDecimals: number, unitPrice: string): PriceTableEntry => ({
  itemLocator,
  itemDecimals,
  currency,
  currencyDecimals,
  unitPrice,
  fees: [{ type: 'service-fee', rateBps: '150', fixed: '0.30' }],
  salesTaxRate: '0',
});

const create = (kind: 'onramp' | 'offramp'): OrderCommand => {
  const onramp = kind === 'onramp';
  const quote = getOrThrow(
    quoteOrder({
      price: onramp ? price(TOKEN, 18, 'usd', 2, '2500') : price('fiat:usd', 2, 'usdc', 6, '1'),
      execution: { mode: 'exact-in', amount: onramp ? '100' : '250', ...(onramp && { maxSlippageBps: '500' }) },
      quotedAt: CREATED_AT,
      ttlSeconds: 300,
    }),
  );
  const metadata = { name: onramp ? 'Test Token' : 'US Dollar', description: 'Benchmark item', imageUrl: 'https://img/item.png' };
  return {
    type: 'CreateOrder',
    data: {
      orderId: '00000000-0000-4000-8000-000000000000',
      createdAt: CREATED_AT,
      clientSecretHash: 'a'.repeat(64),
      buyer: { userLocator: 'userId:bench-buyer' },
      quote,
      ...(onramp
        ? {
            payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
            lineItems: [{ tokenLocator: TOKEN, executionParameters: { amount: '100', maxSlippageBps: '500' }, metadata }],
            recipient: { walletAddress: '0x1111111111111111111111111111111111111111' },
            kyc: { standing: 'unverified', noKycThreshold: { amount: '500', currency: 'usd' } },
          }
        : {
            payment: { method: 'base-sepolia', currency: 'usdc', payerAddress: '0x2222222222222222222222222222222222222222' },
            lineItems: [{ currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '250' }, metadata }],
            recipient: { paymentMethodId: '0f8e7d6c-5b4a-4321-8fed-cba987654321' },
            kyc: { standing: 'verified' },
            deposit: { address: '0x3333333333333333333333333333333333333333', memo: 'bench-memo', serializedTransaction: '0x02f8' },
          }),
    },
  };
};

const authorize: OrderCommand = { type: 'AuthorizeCardPayment', data: { paymentId: 'pay-1', amount: { amount: '100', currency: 'usd' }, now: LATER } };
const cardResult = (outcome: 'succeeded' | 'declined'): OrderCommand => ({ type: 'RecordCardPaymentResult', data: { paymentId: 'pay-1', at: LATER, outcome } });
const deposit: OrderCommand = {
  type: 'RecordCryptoDeposit',
  data: { chain: 'base-sepolia', txId: '0xdeposit', amount: '250', currency: 'usdc', memo: 'bench-memo', receivedAt: LATER },
};
const startDelivery = (kind: 'onramp' | 'offramp'): OrderCommand => ({
  type: 'StartDelivery',
  data: { deliveryId: 'delivery-1', ...(kind === 'onramp' ? { executionPrice: '2500' } : { rail: 'ach' }), startedAt: LATER },
});
const completeDelivery: OrderCommand = { type: 'CompleteDelivery', data: { deliveryId: 'delivery-1', txId: '0xtx', token: { symbol: 'TT', decimals: 18 }, completedAt: LATER } };
const failDelivery: OrderCommand = { type: 'FailDelivery', data: { code: 'delivery-failed', message: 'The transfer failed', failedAt: LATER } };
const refund: OrderCommand = { type: 'Refund', data: { amount: { amount: '100', currency: 'usd' }, reason: 'delivery-failed', reference: 're-1', refundedAt: LATER } };

const fold = (commands: readonly OrderCommand[]): Order => {
  let state: OrderState = orderDecider.initialState();
  for (const command of commands) state = getOrThrow(orderDecider.decide(command, state)).reduce(orderDecider.evolve, state);
  if (state === null) throw new Error('no order was created');
  return state;
};

/** Lifecycles and how many of every 100 orders end in each. */
const MIX: readonly (readonly [number, Order])[] = [
  [20, fold([create('onramp')])],
  [7, fold([create('onramp'), { type: 'ExpireQuote', data: { now: '2025-01-01T00:05:00.000Z' } }])],
  [5, fold([create('onramp'), authorize])],
  [5, fold([create('onramp'), authorize, cardResult('declined')])],
  [5, fold([create('onramp'), authorize, cardResult('succeeded')])],
  [30, fold([create('onramp'), authorize, cardResult('succeeded'), startDelivery('onramp'), completeDelivery])],
  [3, fold([create('onramp'), authorize, cardResult('succeeded'), failDelivery, refund])],
  [10, fold([create('offramp')])],
  [15, fold([create('offramp'), deposit, startDelivery('offramp'), completeDelivery])],
];
const TEMPLATES: readonly Order[] = MIX.flatMap(([weight, order]) => Array<Order>(weight).fill(order));

/** A deterministic order id (a version-4-shaped UUID) for order number `index`. */
export const sampleOrderId = (index: number): string =>
  `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

export const sampleWallet = (index: number): string => `0x${index.toString(16).padStart(40, '0')}`;

/** Order number `index` of a fill: 30 s after the one before, one of `wallets` buyers. */
export const sampleOrder = (index: number, wallets: number): Order => {
  const template = TEMPLATES[(index * 37) % TEMPLATES.length]!;
  const wallet = sampleWallet(index % wallets);
  return {
    ...template,
    orderId: sampleOrderId(index),
    createdAt: new Date(Date.parse(CREATED_AT) + index * 30_000).toISOString(),
    ...(template.kind === 'onramp'
      ? { recipient: { ...template.recipient, walletAddress: wallet } }
      : { payment: { ...template.payment, payerAddress: wallet } }),
  };
};
