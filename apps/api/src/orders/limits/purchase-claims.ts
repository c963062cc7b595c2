import { Inject, Injectable } from '@nestjs/common';
import { type Clock, Decimal, DomainException, type Money } from '@paykit/kernel';
import { type Order, purchaseLimitExceeded } from '@paykit/orders';
import type { ProjectContext } from '../../http/caller.js';
import { type BudgetKey, Budgets } from '../../infrastructure/budgets/budgets.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { OrderSettings } from '../providers/order-settings.js';

const HOUR_MS = 3_600_000;

/** One buyer's purchases in one currency, in one project: the budget the limit is claimed from. */
const purchasesOf = (projectId: string, order: Order): BudgetKey => ({
  kind: 'purchases',
  parts: [projectId, order.buyer.userLocator, order.payment.currency],
});

/**
 * The per-buyer card purchase limit as a claim in the store (ADR 0102): a card payment attempt
 * claims its amount from the buyer's budget before it is opened, under the attempt's id, so
 * concurrent payments cannot together spend past the limit and a retry of the same attempt
 * holds its claim. What never moved money (a declined attempt) or was given back (a refund) is
 * released. The order-purchases read model still answers the early check at order creation.
 */
@Injectable()
export class PurchaseClaims {
  constructor(
    private readonly budgets: Budgets,
    private readonly settings: OrderSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Claims `amount` for the attempt `paymentId`; throws single_purchase_exceeded (400) when it does not fit. */
  async claim(order: Order, paymentId: string, amount: Money, context: ProjectContext): Promise<void> {
    const policy = this.settings.purchaseLimit(order.payment.currency);
    const claim = await this.budgets.claim(
      purchasesOf(context.projectId, order),
      { claimId: paymentId, amount: amount.amount, limit: policy.limit, windowMs: policy.windowHours * HOUR_MS },
      context,
    );
    if (claim.claimed) return;
    throw new DomainException(
      purchaseLimitExceeded({
        policy,
        amount: new Decimal(amount.amount),
        remaining: new Decimal(claim.remaining),
        resetsAt: claim.resetsAt === null ? null : Date.parse(claim.resetsAt),
        now: this.clock.now().getTime(),
      }),
    );
  }

  /** Gives the attempt's amount back (nothing when it holds no claim). */
  release(order: Order, paymentId: string, reason: 'declined' | 'refunded', context: ProjectContext): Promise<void> {
    return this.budgets.release(purchasesOf(context.projectId, order), paymentId, reason, context);
  }
}
