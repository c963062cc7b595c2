import { Inject, Injectable } from '@nestjs/common';
import type { Clock, DomainError } from '@paykit/kernel';
import { type Order, awaitsKycOutcome, paymentStatus } from '@paykit/orders';
import type { CardProcessorPort, Charge } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { ProjectContext } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { IdentityVerificationService } from '../../users/identity-verification.service.js';
import { kycOutcomeOf } from '../create/kyc-standing.js';
import { PurchaseClaims } from '../limits/purchase-claims.js';
import { OrderAggregate } from '../order.aggregate.js';
import { cardResultOf } from '../payment/card-result.js';
import { CARD_PROCESSOR } from '../providers/order-providers.js';

/**
 * What moves an unpaid order on without its payer: the identity check's outcome, a card
 * verification step completed at the issuer, and the quote's expiry.
 */
@Injectable()
export class PaymentProgress {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly identity: IdentityVerificationService,
    @Inject(CARD_PROCESSOR) private readonly processor: CardProcessorPort,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly purchases: PurchaseClaims,
  ) {}

  async advance(order: Order, context: ProjectContext): Promise<void> {
    await this.followCardVerification(order, context);
    await this.followKyc(order, context);
    await this.expireQuote(order, context);
  }

  /** The provider decided the buyer's identity check: approve, decline or manual review. */
  private async followKyc(order: Order, context: ProjectContext): Promise<void> {
    if (!awaitsKycOutcome(order)) return;
    const { kyc } = order.payment;
    const standing = await this.identity.kycStanding(context.projectId, order.buyer.userLocator);
    const outcome = kycOutcomeOf(standing);
    if (outcome === null) return;
    await this.aggregates.tryExecute(
      OrderAggregate,
      order.orderId,
      {
        type: 'RecordKycOutcome',
        data: { inquiryId: kyc.inquiry?.inquiryId ?? 'user-verification', outcome, recordedAt: this.now() },
      },
      context,
    );
  }

  /** A charge waiting for the cardholder's verification step is read again until it is decided; a decline gives its claim back. */
  private async followCardVerification(order: Order, context: ProjectContext): Promise<void> {
    const card = order.payment.card;
    if (!card || card.state !== 'requires-verification' || card.chargeId === undefined) return;
    const charge = await this.processor.getCharge(card.chargeId);
    if (E.isLeft(charge) || charge.right.status === 'requires-verification') return;
    await this.recordCardOutcome(order, card.paymentId, charge.right, context);
  }

  /**
   * The processor's answer for the order's card attempt `paymentId`, as read here or told by its
   * webhook (RecordCardWebhook): one command either way, so the two cannot disagree. A decline's
   * claim is given back before the decline is recorded: until then the step is repeated, the
   * release with it.
   */
  async recordCardOutcome(
    order: Order,
    paymentId: string,
    charge: Charge,
    context: ProjectContext,
  ): Promise<E.Either<DomainError, unknown>> {
    if (charge.status === 'declined') await this.purchases.release(order, paymentId, 'declined', context);
    return this.aggregates.tryExecute(
      OrderAggregate,
      order.orderId,
      cardResultOf(paymentId, charge, this.now()),
      context,
    );
  }

  /** An unpaid order's quote lapses at its time: back to the quote phase. */
  private async expireQuote(order: Order, context: ProjectContext): Promise<void> {
    if (order.quote.expired || order.payment.received || paymentStatus(order) === 'in-progress') return;
    if (this.clock.now().getTime() < Date.parse(order.quote.expiresAt)) return;
    await this.aggregates.tryExecute(
      OrderAggregate,
      order.orderId,
      { type: 'ExpireQuote', data: { now: this.now() } },
      context,
    );
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
