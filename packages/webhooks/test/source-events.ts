import type { CheckoutRunEvent } from '@paykit/checkout-runs';
import { DEFAULT_RUN_POLICY } from '@paykit/checkout-runs';
import { type DomainEvent, getOrThrow } from '@paykit/kernel';
import { type OrderEvent, type PriceTableEntry, quoteOrder } from '@paykit/orders';
import type { TransferMovement } from '@paykit/transfers';
import type { SourceEvent, StreamEvent } from '../src/index.js';

export const PROJECT = 'project-1';
export const T0 = '2026-01-01T00:00:00.000Z';
export const LATER = '2026-01-01T00:01:00.000Z';

let counter = 0;

/** A recorded event of a stream, as `$all` gives it. */
export const recorded = (
  streamName: string,
  revision: number,
  event: DomainEvent,
  projectId: string | null = PROJECT,
): SourceEvent & StreamEvent => ({
  streamName,
  revision: BigInt(revision),
  type: event.type,
  data: event.data,
  metadata: {
    eventId: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
    occurredAt: T0,
    projectId,
    actor: { type: 'system', id: 'test' },
    correlationId: 'test',
    causationId: null,
    schemaVersion: 1,
  },
});

// An onramp card order of 100 usd for an 18-decimal token at 2500 usd.
const ORDER_ID = '7a1c9e52-3f4b-4d8e-9a21-5b6c7d8e9f01';
const TOKEN = 'base-sepolia:0x4444444444444444444444444444444444444444';
const price: PriceTableEntry = {
  itemLocator: TOKEN,
  itemDecimals: 18,
  currency: 'usd',
  currencyDecimals: 2,
  unitPrice: '2500',
  fees: [{ type: 'service-fee', rateBps: '150', fixed: '0.30' }],
  salesTaxRate: '0',
};
const execution = { mode: 'exact-in' as const, amount: '100' };
const quote = getOrThrow(quoteOrder({ price, execution, quotedAt: T0, ttlSeconds: 300 }));

export const orderStream = `order-${ORDER_ID}`;
export const order = {
  created: (): OrderEvent => ({
    type: 'OrderCreated',
    data: {
      orderId: ORDER_ID,
      kind: 'onramp',
      createdAt: T0,
      locale: 'en-US',
      buyer: { userLocator: 'userId:buyer-1' },
      clientSecretHash: 'a'.repeat(64),
      recipient: { walletAddress: '0x1111111111111111111111111111111111111111' },
      payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
      kyc: { required: false, standing: 'unverified' },
      lineItems: [
        {
          locator: TOKEN,
          chain: 'base-sepolia',
          metadata: { name: 'T', description: 'T', imageUrl: 'https://img/t.png' },
          execution,
        },
      ],
      quote,
    },
  }),
  cardStarted: (): OrderEvent => ({
    type: 'OrderCardPaymentStarted',
    data: { orderId: ORDER_ID, paymentId: 'pay_1', amount: { amount: '100', currency: 'usd' }, startedAt: LATER },
  }),
  cardSucceeded: (): OrderEvent => ({
    type: 'OrderCardPaymentSucceeded',
    data: { orderId: ORDER_ID, paymentId: 'pay_1', amount: { amount: '100', currency: 'usd' }, succeededAt: LATER },
  }),
};

const WALLET_A = '0x9f1A0469CBce2fEb53C705746446981548845b3B';
const WALLET_B = '0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115';
export const transferStream = 'transfer-5b0e2f7c-8d14-4c3a-9e61-2f7a8b9c0d1e';

export const movement = (toOurWallet: boolean): TransferMovement => ({
  transferId: '5b0e2f7c-8d14-4c3a-9e61-2f7a8b9c0d1e',
  chain: 'base-sepolia',
  chainType: 'evm',
  token: {
    locator: 'base-sepolia:usdc',
    native: false,
    address: '0xDc701122B8afFF800A94b86c03D2222D10efbA90',
    decimals: 6,
    symbol: 'usdxm',
  },
  amount: { decimal: '2.5', baseUnits: '2500000' },
  from: { walletId: 'wallet-a', locator: WALLET_A, address: WALLET_A },
  to: { locator: WALLET_B, address: WALLET_B, ...(toOurWallet && { walletId: 'wallet-b' }) },
  txId: '0xabc',
});

export const transferSucceeded = (toOurWallet: boolean): DomainEvent => ({
  type: 'TransferSucceeded',
  data: { transferId: '5b0e2f7c-8d14-4c3a-9e61-2f7a8b9c0d1e', completedAt: LATER, movement: movement(toOurWallet) },
});

export const runStream = 'checkoutRun-f3b0c442-98fc-4c14-9afb-4c8996fb9242';
export const run = {
  created: (): CheckoutRunEvent => ({
    type: 'CheckoutRunCreated',
    data: {
      runId: 'f3b0c442-98fc-4c14-9afb-4c8996fb9242',
      projectId: PROJECT,
      owner: 'user:alice',
      input: {
        constraints: { maxCost: { amount: '50', currency: 'USD' } },
        request: { startUrl: 'https://shop.example/p' },
      },
      policy: DEFAULT_RUN_POLICY,
      createdAt: T0,
    },
  }),
  claimed: (): CheckoutRunEvent => ({
    type: 'CheckoutRunClaimed',
    data: { runnerId: 'runner-a', leaseUntil: LATER, attempt: 1, claimedAt: T0 },
  }),
  leaseRenewed: (): CheckoutRunEvent => ({
    type: 'CheckoutRunLeaseRenewed',
    data: { runnerId: 'runner-a', leaseUntil: LATER, renewedAt: T0 },
  }),
  paymentStarted: (): CheckoutRunEvent => ({
    type: 'CheckoutRunPaymentStarted',
    data: {
      attemptId: 'pay-1',
      total: { amount: '18.86', currency: 'USD' },
      totalInMaxCostCurrency: '18.86',
      startedAt: T0,
    },
  }),
  cardIssued: (): CheckoutRunEvent => ({
    type: 'CheckoutRunCardIssued',
    data: {
      attemptId: 'pay-1',
      card: {
        cardId: 'ic_card-1',
        brand: 'visa',
        last4: '4560',
        expMonth: 1,
        expYear: 2029,
        cap: { amount: '18.86', currency: 'USD' },
        merchantOrigin: 'https://shop.example',
        expiresAt: LATER,
      },
      issuedAt: T0,
    },
  }),
  cardAuthorization: (): CheckoutRunEvent => ({
    type: 'CheckoutRunCardAuthorizationRecorded',
    data: {
      attemptId: 'pay-1',
      cardId: 'ic_card-1',
      last4: '4560',
      authorization: {
        authorizationId: 'auth_1',
        amount: { amount: '18.86', currency: 'USD' },
        merchant: { name: 'Shop', url: 'https://shop.example/checkout' },
        approved: true,
        at: T0,
      },
      recordedAt: T0,
    },
  }),
};
