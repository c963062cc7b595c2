import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, DomainException } from '@paykit/kernel';
import { checkPurchaseLimit } from '@paykit/orders';
import type { ReadModelDatabase } from '@paykit/projections';
import * as E from 'fp-ts/lib/Either.js';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { CLOCK, EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { type ReadModelStatement, preparedOnceReady } from '../../wallets/directory/prepared-once-ready.js';
import { OrderSettings } from '../providers/order-settings.js';
import { ORDER_PURCHASES_PROJECTION } from './purchases.projection.js';

const SELECT_RECENT =
  'SELECT amount, at FROM order_purchases WHERE project_id = ? AND buyer = ? AND currency = ? AND at > ? AND order_id <> ? AND amount IS NOT NULL';

/** How long the check waits for the read model to reach the store's head. */
const CATCH_UP_WAIT_MS = 2_000;
const HOUR_MS = 3_600_000;

/**
 * The early check of the per-user card purchase limit at order creation (single_purchase_exceeded,
 * 400 with amount, limit, hoursUntilReset and remainingAmount as strings): the buyer's purchases
 * in the rolling window from the order-purchases read model, caught up to the store's head
 * first. It only refuses early; the lock is the claim a payment makes (PurchaseClaims, ADR 0102).
 */
@Injectable()
export class PurchaseLimits {
  private statement: ReadModelStatement | null = null;

  constructor(
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly projections: ProjectionsHost,
    private readonly settings: OrderSettings,
  ) {}

  /** Throws single_purchase_exceeded when `amount` would take the buyer past the limit (this order not counted). */
  async check(input: {
    projectId: string;
    buyer: string;
    orderId: string;
    amount: string;
    currency: string;
  }): Promise<void> {
    const policy = this.settings.purchaseLimit(input.currency);
    const now = this.clock.now();
    await this.projections.waitFor(await this.store.headPosition(), CATCH_UP_WAIT_MS, ORDER_PURCHASES_PROJECTION);
    const since = new Date(now.getTime() - policy.windowHours * HOUR_MS).toISOString();
    this.statement ??= preparedOnceReady(this.db, SELECT_RECENT);
    const rows = (this.statement?.all(input.projectId, input.buyer, input.currency, since, input.orderId) ?? []) as {
      amount: string;
      at: string;
    }[];
    const checked = checkPurchaseLimit({ policy, amount: input.amount, recentPurchases: rows, now: now.toISOString() });
    if (E.isLeft(checked)) throw new DomainException(checked.left);
  }
}
