import { getOrThrow } from '@paykit/kernel';
import {
  type Order,
  type OrderCommand,
  type OrderEvent,
  type OrderKind,
  type OrderState,
  type PriceTableEntry,
  type Recipient,
  orderDecider,
  quoteOrder,
} from '@paykit/orders';

/**
 * Orders for filling a read model or a store: a few lifecycles decided once through the orders
 * decider, then stamped per order with its own id, creation time and buyer wallet. The mix
 * spreads orders over every payment and delivery filter value and both currencies.
 */

const CREATED_AT = '2025-01-01T00:00:00.000Z';
const LATER = '2025-01-01T00:00:01.000Z';
const TOKEN = 'base-sepolia:0x4444444444444444444444444444444444444444';

const price = (
  itemLocator: string,
  itemDecimals: number,
  currency: string,
  currencyDecimals: number,
  unitPrice: string,
): PriceTableEntry => ({
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
  const metadata = {
    name: onramp ? 'Test Token' : 'US Dollar',
    description: 'Benchmark item',
    imageUrl: 'https://img/item.png',
  };
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
            lineItems: [
              { tokenLocator: TOKEN, executionParameters: { amount: '100', maxSlippageBps: '500' }, metadata },
            ],
            recipient: { walletAddress: '0x1111111111111111111111111111111111111111' },
            kyc: { standing: 'unverified', noKycThreshold: { amount: '500', currency: 'usd' } },
          }
        : {
            payment: {
              method: 'base-sepolia',
              currency: 'usdc',
              payerAddress: '0x2222222222222222222222222222222222222222',
            },
            lineItems: [
              { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '250' }, metadata },
            ],
            recipient: { paymentMethodId: '0f8e7d6c-5b4a-4321-8fed-cba987654321', payoutCurrency: 'usd' },
            kyc: { standing: 'verified' },
            deposit: {
              address: '0x3333333333333333333333333333333333333333',
              memo: 'bench-memo',
              serializedTransaction: '0x02f8',
            },
          }),
    },
  };
};

const authorize: OrderCommand = {
  type: 'AuthorizeCardPayment',
  data: { paymentId: 'pay-1', amount: { amount: '100', currency: 'usd' }, now: LATER },
};
const cardResult = (outcome: 'succeeded' | 'declined'): OrderCommand => ({
  type: 'RecordCardPaymentResult',
  data: { paymentId: 'pay-1', at: LATER, outcome },
});
const deposit: OrderCommand = {
  type: 'RecordCryptoDeposit',
  data: {
    chain: 'base-sepolia',
    txId: '0xdeposit',
    amount: '250',
    currency: 'usdc',
    memo: 'bench-memo',
    receivedAt: LATER,
  },
};
const startDelivery = (kind: 'onramp' | 'offramp'): OrderCommand => ({
  type: 'StartDelivery',
  data: {
    deliveryId: 'delivery-1',
    ...(kind === 'onramp' ? { executionPrice: '2500' } : { rail: 'ach' }),
    startedAt: LATER,
  },
});
const completeDelivery: OrderCommand = {
  type: 'CompleteDelivery',
  data: { deliveryId: 'delivery-1', txId: '0xtx', token: { symbol: 'TT', decimals: 18 }, completedAt: LATER },
};
const failDelivery: OrderCommand = {
  type: 'FailDelivery',
  data: { code: 'delivery-failed', message: 'The transfer failed', failedAt: LATER },
};
const refund: OrderCommand = {
  type: 'Refund',
  data: { amount: { amount: '100', currency: 'usd' }, reason: 'delivery-failed', reference: 're-1', refundedAt: LATER },
};

/** A lifecycle decided once: the events the orders decider produced, and the order they fold into. */
interface Lifecycle {
  readonly events: readonly OrderEvent[];
  readonly order: Order;
}

const decideAll = (commands: readonly OrderCommand[]): Lifecycle => {
  let state: OrderState = orderDecider.initialState();
  const events: OrderEvent[] = [];
  for (const command of commands) {
    const decided = getOrThrow(orderDecider.decide(command, state));
    events.push(...decided);
    state = decided.reduce(orderDecider.evolve, state);
  }
  if (state === null) throw new Error('no order was created');
  return { events, order: state };
};

/** Lifecycles and how many of every 100 orders end in each. */
const MIX: readonly (readonly [number, Lifecycle])[] = [
  [20, decideAll([create('onramp')])],
  [7, decideAll([create('onramp'), { type: 'ExpireQuote', data: { now: '2025-01-01T00:05:00.000Z' } }])],
  [5, decideAll([create('onramp'), authorize])],
  [5, decideAll([create('onramp'), authorize, cardResult('declined')])],
  [5, decideAll([create('onramp'), authorize, cardResult('succeeded')])],
  [30, decideAll([create('onramp'), authorize, cardResult('succeeded'), startDelivery('onramp'), completeDelivery])],
  [3, decideAll([create('onramp'), authorize, cardResult('succeeded'), failDelivery, refund])],
  [10, decideAll([create('offramp')])],
  [15, decideAll([create('offramp'), deposit, startDelivery('offramp'), completeDelivery])],
];
const TEMPLATES: readonly Lifecycle[] = MIX.flatMap(([weight, lifecycle]) => Array<Lifecycle>(weight).fill(lifecycle));

/** A deterministic order id (a version-4-shaped UUID) for order number `index`. */
export const sampleOrderId = (index: number): string =>
  `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

export const sampleWallet = (index: number): string => `0x${index.toString(16).padStart(40, '0')}`;

interface Stampable {
  readonly orderId: string;
  readonly createdAt: string;
  readonly kind: OrderKind;
  readonly recipient: Recipient;
  readonly payment: { readonly payerAddress?: string };
}

/** `value` made order number `index`'s own: its id, creation time (30 s after the one before), one of `wallets` buyers. */
const stamped = <T extends Stampable>(value: T, index: number, wallets: number): T => {
  const wallet = sampleWallet(index % wallets);
  return {
    ...value,
    orderId: sampleOrderId(index),
    createdAt: new Date(Date.parse(CREATED_AT) + index * 30_000).toISOString(),
    ...(value.kind === 'onramp'
      ? { recipient: { ...value.recipient, walletAddress: wallet } }
      : { payment: { ...value.payment, payerAddress: wallet } }),
  };
};

const lifecycleOf = (index: number): Lifecycle => TEMPLATES[(index * 37) % TEMPLATES.length]!;

/** Order number `index` of a fill, as it stands at the end of its lifecycle. */
export const sampleOrder = (index: number, wallets: number): Order => stamped(lifecycleOf(index).order, index, wallets);

/** The events of order number `index`, as the orders decider produced them: they fold into `sampleOrder(index, wallets)`. */
export const sampleOrderEvents = (index: number, wallets: number): OrderEvent[] =>
  lifecycleOf(index).events.map((event): OrderEvent =>
    event.type === 'OrderCreated'
      ? { type: 'OrderCreated', data: stamped(event.data, index, wallets) }
      : ({ ...event, data: { ...event.data, orderId: sampleOrderId(index) } } as OrderEvent),
  );

/** Events per order over the mix (e.g. to size a store by its events). */
export const EVENTS_PER_SAMPLE_ORDER = TEMPLATES.reduce((sum, { events }) => sum + events.length, 0) / TEMPLATES.length;
