import type { EventToAppend } from '@paykit/event-store';
import { Decimal, type EventMetadata } from '@paykit/kernel';
import type { OrderCreated, OrderEvent, Quote } from '@paykit/orders';
import type { DepositObserved } from '../deposit-observed.js';

/** One order of a generated data set: what its events say. */
export interface OrderPlan {
  readonly orderId: string;
  readonly projectId: string;
  readonly kind: 'onramp' | 'offramp';
  /** ISO 8601, UTC. */
  readonly createdAt: string;
  /** The quoted total the buyer pays (usd by card, usdc on chain). */
  readonly amount: string;
  /** The fee inside that total. */
  readonly fee: string;
  /** Offramp: the deposit chain; onramp: the chain the tokens go to. */
  readonly chain: string;
  /** Offramp only. */
  readonly depositAddress?: string;
  readonly memo?: string;
}

const ACTOR = { type: 'system', id: 'reconciliation-fixture' } as const;

const metadataOf = (plan: OrderPlan, sequence: number, occurredAt: string): EventMetadata => ({
  eventId: `${plan.orderId}-${sequence}`,
  occurredAt,
  projectId: plan.projectId,
  actor: ACTOR,
  correlationId: plan.orderId,
  causationId: null,
  schemaVersion: 1,
});

const quoteOf = (plan: OrderPlan): Quote => {
  const currency = plan.kind === 'offramp' ? 'usdc' : 'usd';
  const subtotal = new Decimal(plan.amount).minus(plan.fee).toFixed();
  const money = (amount: string) => ({ amount, currency });
  const expiresAt = new Date(Date.parse(plan.createdAt) + 300_000).toISOString();
  return {
    quotedAt: plan.createdAt,
    expiresAt,
    totalPrice: money(plan.amount),
    lineItems: [
      {
        itemLocator: plan.kind === 'offramp' ? 'fiat:usd' : `${plan.chain}:usdxm`,
        itemDecimals: plan.kind === 'offramp' ? 2 : 6,
        execution: { mode: 'exact-in', amount: plan.amount },
        unitPrice: money('1'),
        subtotal: money(subtotal),
        fees: [{ type: 'service-fee', amount: plan.fee, currency }],
        salesTax: money('0'),
        totalPrice: money(plan.amount),
        quantity: subtotal,
        quantityRange: { lowerBound: subtotal, upperBound: subtotal },
      },
    ],
  };
};

/**
 * The events of one order's life, shaped exactly like the orders domain writes them (typed
 * against its event union), for generated reconciliation data sets. Nothing here checks the
 * rules the decider enforces: a data set may plant what a bug or an outside party would cause.
 */
export class OrderHistory {
  private sequence = 0;

  constructor(readonly plan: OrderPlan) {}

  /** What the buyer receives: usd paid out (offramp) or tokens (onramp), at par after the fee. */
  get deliveredQuantity(): string {
    return new Decimal(this.plan.amount).minus(this.plan.fee).toFixed();
  }

  created(): EventToAppend {
    const { plan } = this;
    const offramp = plan.kind === 'offramp';
    const data: OrderCreated['data'] = {
      orderId: plan.orderId,
      kind: plan.kind,
      createdAt: plan.createdAt,
      locale: 'en-US',
      buyer: { userLocator: `userId:${plan.orderId.slice(0, 8)}` },
      clientSecretHash: '0'.repeat(64),
      recipient: offramp
        ? { paymentMethodId: plan.orderId }
        : { walletAddress: '0x1111111111111111111111111111111111111111' },
      payment: offramp ? { method: plan.chain, currency: 'usdc' } : { method: 'card', currency: 'usd' },
      ...(offramp && { deposit: { address: plan.depositAddress ?? '', memo: plan.memo ?? '' } }),
      kyc: { required: false, standing: 'verified' },
      lineItems: [
        {
          locator: offramp ? 'fiat:usd' : `${plan.chain}:usdxm`,
          ...(!offramp && { chain: plan.chain }),
          metadata: { name: 'item', description: 'item', imageUrl: 'https://example.com/item.png' },
          execution: { mode: 'exact-in', amount: plan.amount },
        },
      ],
      quote: quoteOf(plan),
    };
    return this.event({ type: 'OrderCreated', data }, plan.createdAt);
  }

  /** Offramp: the deposit recorded with `txId`; onramp: the card payment captured. */
  paid(at: string, options: { readonly txId?: string; readonly amount?: string } = {}): EventToAppend {
    const { plan } = this;
    const amount = options.amount ?? plan.amount;
    if (plan.kind === 'onramp') {
      return this.event(
        {
          type: 'OrderCardPaymentSucceeded',
          data: {
            orderId: plan.orderId,
            paymentId: `pay-${plan.orderId}`,
            amount: { amount, currency: 'usd' },
            succeededAt: at,
          },
        },
        at,
      );
    }
    return this.event(
      {
        type: 'OrderCryptoDepositReceived',
        data: {
          orderId: plan.orderId,
          chain: plan.chain,
          txId: options.txId ?? `tx-${plan.orderId}`,
          amount: { amount, currency: 'usdc' },
          memo: plan.memo ?? '',
          to: plan.depositAddress ?? '',
          receivedAt: at,
        },
      },
      at,
    );
  }

  deliveryStarted(at: string, deliveryId = `delivery-${this.plan.orderId}`): EventToAppend {
    const data = {
      orderId: this.plan.orderId,
      lineItemIndex: 0,
      deliveryId,
      quantity: this.deliveredQuantity,
      startedAt: at,
    };
    return this.event(
      { type: 'OrderDeliveryStarted', data: { ...data, rail: this.plan.kind === 'offramp' ? 'ach' : 'transfer' } },
      at,
    );
  }

  deliveryCompleted(at: string, deliveryId = `delivery-${this.plan.orderId}`): EventToAppend {
    const { plan } = this;
    const base = { orderId: plan.orderId, lineItemIndex: 0, deliveryId, completedAt: at };
    return this.event(
      {
        type: 'OrderDeliveryCompleted',
        data:
          plan.kind === 'offramp'
            ? { ...base, payout: { amount: this.deliveredQuantity, currency: 'usd' } }
            : {
                ...base,
                txId: `delivery-tx-${deliveryId}`,
                tokens: [{ locator: `${plan.chain}:usdxm`, quantity: this.deliveredQuantity, decimals: 6 }],
              },
      },
      at,
    );
  }

  deliveryFailed(at: string, code = 'payout-returned'): EventToAppend {
    return this.event(
      {
        type: 'OrderDeliveryFailed',
        data: {
          orderId: this.plan.orderId,
          lineItemIndex: 0,
          failureReason: { code, message: `delivery failed: ${code}` },
          failedAt: at,
        },
      },
      at,
    );
  }

  refunded(at: string): EventToAppend {
    const { plan } = this;
    const currency = plan.kind === 'offramp' ? 'usdc' : 'usd';
    return this.event(
      {
        type: 'OrderPaymentRefunded',
        data: {
          orderId: plan.orderId,
          amount: { amount: plan.amount, currency },
          method: plan.kind === 'offramp' ? plan.chain : 'card',
          reason: 'delivery failed',
          reference: `refund-${plan.orderId}`,
          refundedAt: at,
        },
      },
      at,
    );
  }

  private event(event: OrderEvent, occurredAt: string): EventToAppend {
    this.sequence += 1;
    return { type: event.type, data: event.data, metadata: metadataOf(this.plan, this.sequence, occurredAt) };
  }
}

/** A deposit the observer saw on chain (projectId null: a chain fact, matched to orders by memo). */
export const depositObservedEvent = (data: DepositObserved['data']): EventToAppend => ({
  type: 'DepositObserved',
  data,
  metadata: {
    eventId: `observed-${data.chain}-${data.txId}`,
    occurredAt: data.finalizedAt,
    projectId: null,
    actor: ACTOR,
    correlationId: data.txId,
    causationId: null,
    schemaVersion: 1,
  },
});
