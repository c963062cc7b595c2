import { Inject, Injectable } from '@nestjs/common';
import { type Clock, Decimal, toBaseUnits } from '@paykit/kernel';
import type { LineItemState, Order } from '@paykit/orders';
import type { CardProcessorPort, ChainGateway, ChainToken } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { ProjectContext } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { type EffectAttempt, EffectLedger, effectRef } from '../../infrastructure/effects/effect-ledger.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../../wallets/gateway/chain-gateway.token.js';
import { OrderPricing } from '../create/order-pricing.js';
import { PurchaseClaims } from '../limits/purchase-claims.js';
import { OrderAggregate } from '../order.aggregate.js';
import { failDelivery } from './fail-delivery.js';
import { CARD_PROCESSOR } from '../providers/order-providers.js';
import { Treasury } from '../treasury/treasury.js';

export const deliveryIdOf = (orderId: string): string => `dlv_${orderId}`;

/** What sending the delivery gave, recorded in its effect stream. */
type Sent = { readonly txId: string } | { readonly rejected: string };
type Refunded = { readonly refundId: string; readonly createdAt: string };

/**
 * Onramp delivery, one step per call: price the delivery now (the decider fails it with
 * slippage-tolerance-exceeded past the tolerance), send the tokens from the treasury to the
 * recipient wallet through the chain gateway, record the transfer once final, and refund the
 * card when the delivery failed. Sending and refunding are effects claimed and recorded in their
 * own streams (EffectLedger): one instance performs each, with the delivery id (or
 * `refund_<order>`) as the provider's idempotency key, so a crash before the record is repeated
 * with the same key and never pays twice; every later step reads the recorded transaction.
 */
@Injectable()
export class OnrampDelivery {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly pricing: OrderPricing,
    private readonly treasury: Treasury,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(CARD_PROCESSOR) private readonly processor: CardProcessorPort,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly effects: EffectLedger,
    private readonly purchases: PurchaseClaims,
  ) {}

  async advance(order: Order, context: ProjectContext): Promise<void> {
    const item = order.lineItems[0];
    if (!item || !order.payment.received || order.payment.refunded) return;
    if (item.delivery.status === 'failed') return this.refund(order, context);
    if (item.delivery.status !== 'in-progress') return;
    if (!item.delivery.deliveryId) return this.start(order, item, context);
    return this.send(order, item, context);
  }

  private async start(order: Order, item: LineItemState, context: ProjectContext): Promise<void> {
    const price = await this.pricing.unitPriceNow(item.locator, order.payment.currency);
    if (E.isLeft(price)) return;
    await this.aggregates.tryExecute(
      OrderAggregate,
      order.orderId,
      {
        type: 'StartDelivery',
        data: {
          deliveryId: deliveryIdOf(order.orderId),
          executionPrice: price.right,
          rail: 'onchain',
          startedAt: this.now(),
        },
      },
      context,
    );
  }

  private async send(order: Order, item: LineItemState, context: ProjectContext): Promise<void> {
    const deliveryId = item.delivery.deliveryId as string;
    const token = this.pricing.token(item.locator);
    const decimals = token.known?.decimals ?? 0;
    const chainToken: ChainToken = token.native
      ? { native: true }
      : { native: false, address: token.address as string };
    const sent = await this.effects.once<Sent>(effectRef('onramp-delivery', order.orderId), context, () =>
      this.submit(order, item, deliveryId, chainToken, decimals),
    );
    if (sent.kind !== 'done') return;
    if ('rejected' in sent.outcome) return this.fail(order, sent.outcome.rejected, context);
    const { txId } = sent.outcome;
    const status = await this.gateway.getTransactionStatus(token.chain.name, txId);
    if (E.isLeft(status) || status.right.status === 'pending') return;
    if (status.right.status === 'failed') return this.fail(order, status.right.error.message, context);
    await this.aggregates.tryExecute(
      OrderAggregate,
      order.orderId,
      {
        type: 'CompleteDelivery',
        data: {
          deliveryId,
          txId,
          token: {
            ...(token.address !== undefined && { contractAddress: token.address }),
            ...(token.known && { symbol: token.known.symbol }),
            decimals,
          },
          completedAt: status.right.finalizedAt,
        },
      },
      context,
    );
  }

  /** Tops the treasury up (staging) and submits the transfer, keyed by the delivery id. */
  private async submit(
    order: Order,
    item: LineItemState,
    deliveryId: string,
    chainToken: ChainToken,
    decimals: number,
  ): Promise<EffectAttempt<Sent>> {
    const token = this.pricing.token(item.locator);
    const baseUnits = toBaseUnits(new Decimal(item.delivery.quantity ?? item.quote.quantity), decimals);
    await this.treasury.ensureFunds(token.chain.name, chainToken, token.known?.symbol ?? '', baseUnits, decimals);
    await this.treasury.ensureGas(token.chain.name, chainToken, order.recipient.walletAddress as string, baseUnits);
    const authority = this.treasury.authorityOn(token.chain.name);
    try {
      const submitted = await this.gateway.submitTransfer({
        chain: token.chain.name,
        from: { address: this.treasury.addressOn(token.chain.name), walletType: 'mpc' },
        authority,
        token: chainToken,
        recipient: order.recipient.walletAddress as string,
        baseUnits: baseUnits.toString(),
        idempotencyKey: deliveryId,
      });
      if (E.isLeft(submitted))
        return submitted.left.kind === 'unavailable'
          ? { kind: 'retry' }
          : { kind: 'done', outcome: { rejected: submitted.left.message } };
      if (submitted.right.outcome === 'rejected')
        return { kind: 'done', outcome: { rejected: submitted.right.error.message } };
      return { kind: 'done', outcome: { txId: submitted.right.txId } };
    } finally {
      if (authority.kind === 'custodial-key') authority.secretKey.fill(0);
    }
  }

  private fail(order: Order, message: string, context: ProjectContext): Promise<void> {
    return failDelivery(this.aggregates, order, { code: 'delivery-failed', message }, context);
  }

  /** A delivery that failed after the card was charged gives the whole payment back, and its purchase claim. */
  private async refund(order: Order, context: ProjectContext): Promise<void> {
    const received = order.payment.received;
    if (!received || order.payment.method !== 'card' || received.chargeId === undefined) return;
    const chargeId = received.chargeId;
    const refund = await this.effects.once<Refunded>(effectRef('onramp-refund', order.orderId), context, async () => {
      const refunded = await this.processor.refund({ chargeId, idempotencyKey: `refund_${order.orderId}` });
      return E.isLeft(refunded)
        ? { kind: 'retry' }
        : { kind: 'done', outcome: { refundId: refunded.right.refundId, createdAt: refunded.right.createdAt } };
    });
    if (refund.kind !== 'done') return;
    const reason = order.lineItems[0]?.delivery.failureReason?.code ?? 'delivery-failed';
    // Given back before the refund is recorded: until then this step is repeated, the release with it.
    const attempt = order.payment.card;
    if (attempt) await this.purchases.release(order, attempt.paymentId, 'refunded', context);
    await this.aggregates.tryExecute(
      OrderAggregate,
      order.orderId,
      {
        type: 'Refund',
        data: {
          amount: { amount: received.amount, currency: received.currency },
          reason,
          reference: refund.outcome.refundId,
          refundedAt: refund.outcome.createdAt,
        },
      },
      context,
    );
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
