import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import type { LineItemState, Order } from '@paykit/orders';
import type { Payout, PayoutRailPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { ProjectContext } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { EffectLedger, effectRef } from '../../infrastructure/effects/effect-ledger.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { SavedPaymentMethods } from '../../payment-methods/saved-payment-methods.js';
import { OrderAggregate } from '../order.aggregate.js';
import { failDelivery } from './fail-delivery.js';
import { PAYOUT_RAIL } from '../providers/order-providers.js';

export const payoutIdOf = (orderId: string): string => `pay_${orderId}`;

const payoutEffectOf = (orderId: string) => effectRef('offramp-payout', orderId);

/** What asking the rail for the payout gave, recorded in its effect stream. */
type Requested =
  { readonly payoutId: string } | { readonly failed: { readonly code: string; readonly message: string } };

/**
 * Offramp payout, one step per call: record the delivery as started, send the payout on the
 * rail to the saved payment method, then follow it until it settles or is returned. Sending is
 * an effect claimed and recorded in its own stream (EffectLedger): one instance asks the rail,
 * with the delivery id as idempotency key (a repeat after a crash gets the same payout back),
 * and every later step follows the recorded payout.
 */
@Injectable()
export class OfframpPayout {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly paymentMethods: SavedPaymentMethods,
    @Inject(PAYOUT_RAIL) private readonly rail: PayoutRailPort,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly effects: EffectLedger,
  ) {}

  async advance(order: Order, context: ProjectContext): Promise<void> {
    const item = order.lineItems[0];
    if (!item || !order.payment.received || item.delivery.status !== 'in-progress') return;
    if (!item.delivery.deliveryId) {
      await this.aggregates.tryExecute(
        OrderAggregate,
        order.orderId,
        { type: 'StartDelivery', data: { deliveryId: payoutIdOf(order.orderId), rail: 'ach', startedAt: this.now() } },
        context,
      );
      return;
    }
    await this.payOut(order, item, context);
  }

  private async payOut(order: Order, item: LineItemState, context: ProjectContext): Promise<void> {
    const deliveryId = item.delivery.deliveryId as string;
    const requested = await this.effects.once<Requested>(payoutEffectOf(order.orderId), context, async () => {
      const method = await this.paymentMethods.get(context.projectId, order.recipient.paymentMethodId ?? '');
      if (!method)
        return {
          kind: 'done',
          outcome: {
            failed: { code: 'payment-method-deleted', message: 'The payment method was deleted before the payout' },
          },
        };
      const payout = await this.rail.createPayout({
        paymentMethodToken: method.vaultToken,
        amount: item.delivery.quantity ?? item.quote.quantity,
        currency: item.locator.slice('fiat:'.length),
        reference: order.orderId,
        idempotencyKey: deliveryId,
      });
      if (E.isRight(payout)) return { kind: 'done', outcome: { payoutId: payout.right.payoutId } };
      if (payout.left.kind === 'unavailable' || payout.left.kind === 'upstream_invalid') return { kind: 'retry' };
      return { kind: 'done', outcome: { failed: { code: 'payout-failed', message: payout.left.message } } };
    });
    if (requested.kind !== 'done') return;
    if ('failed' in requested.outcome) return failDelivery(this.aggregates, order, requested.outcome.failed, context);
    const payout = await this.rail.getPayout(requested.outcome.payoutId);
    if (E.isRight(payout)) await this.record(order, deliveryId, payout.right, context);
  }

  /**
   * The rail's word about a payout (its signed webhook, RecordPayoutWebhook): recorded as the
   * worker records what it reads, when it is the payout sent for this order's delivery under way.
   * `too-early` when the order's payout is not recorded yet (the event overtook the rail's answer
   * to our request): the sender should deliver it again.
   */
  async recordPayoutUpdate(order: Order, payout: Payout, context: ProjectContext): Promise<'taken' | 'too-early'> {
    const item = order.lineItems[0];
    const deliveryId = item?.delivery.deliveryId;
    if (!deliveryId || item.delivery.status !== 'in-progress') return 'taken';
    const requested = await this.effects.recorded<Requested>(payoutEffectOf(order.orderId));
    if (!requested) return 'too-early';
    if ('payoutId' in requested && requested.payoutId === payout.payoutId) {
      await this.record(order, deliveryId, payout, context);
    }
    return 'taken';
  }

  /** A settled payout completes the delivery; a returned one fails it (left for operations: ADR 0110). */
  private async record(order: Order, deliveryId: string, payout: Payout, context: ProjectContext): Promise<void> {
    switch (payout.status) {
      case 'settled':
        await this.aggregates.tryExecute(
          OrderAggregate,
          order.orderId,
          { type: 'CompleteDelivery', data: { deliveryId, completedAt: payout.settledAt ?? this.now() } },
          context,
        );
        return;
      case 'failed':
        return failDelivery(
          this.aggregates,
          order,
          {
            code: payout.failureReason?.code ?? 'payout-failed',
            message: payout.failureReason?.message ?? 'The payout failed',
          },
          context,
        );
      default:
        return;
    }
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
