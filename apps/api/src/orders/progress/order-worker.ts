import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { EventStoreUnavailableError } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import type { ProjectContext } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { type ReadModelStatement, preparedOnceReady } from '../../wallets/directory/prepared-once-ready.js';
import { OrderAggregate, orderIn } from '../order.aggregate.js';
import { OrderSettings } from '../providers/order-settings.js';
import { OfframpPayout } from './offramp-payout.js';
import { OnrampDelivery } from './onramp-delivery.js';
import { PaymentProgress } from './payment-progress.js';

const SELECT_ACTIVE = 'SELECT order_id, project_id FROM orders_under_way WHERE parked = 0 ORDER BY order_id LIMIT 500';

/** The context of what the service does to an order on its own: its events name the project and the order. */
const workerContext = (projectId: string, orderId: string): ProjectContext => ({
  projectId,
  actor: { type: 'system', id: 'order-worker' },
  correlationId: `order-${orderId}`,
});

/**
 * The orders process manager. Every ORDER_WORKER_INTERVAL_MS it takes the orders under way
 * (a projection, checkpointed with its rows) and runs each one's next step from its recorded
 * state: identity check outcome, card verification, quote expiry, then delivery (onramp) or
 * payout (offramp) and refunds. Steps are idempotent (the decider ignores repeated outcomes;
 * transfers and payouts carry the delivery id as idempotency key), so a restart or a second
 * instance repeats work without repeating payments.
 */
@Injectable()
export class OrderWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OrderWorker.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private statement: ReadModelStatement | null = null;
  private stopped = false;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly payment: PaymentProgress,
    private readonly onramp: OnrampDelivery,
    private readonly offramp: OfframpPayout,
    private readonly settings: OrderSettings,
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One order's next step (also what a test or a webhook handler may call directly). */
  async step(orderId: string): Promise<void> {
    const stored = await this.aggregates.load(OrderAggregate, orderId);
    if (!stored) return;
    const context = workerContext(stored.projectId, orderId);
    await this.payment.advance(orderIn(stored), context);
    const current = orderIn((await this.aggregates.load(OrderAggregate, orderId)) ?? stored);
    if (current.kind === 'onramp') await this.onramp.advance(current, context);
    else await this.offramp.advance(current, context);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.settings.workerIntervalMs);
  }

  private async tick(): Promise<void> {
    this.statement ??= preparedOnceReady(this.db, SELECT_ACTIVE);
    const rows = (this.statement?.all() ?? []) as { order_id: string }[];
    for (const { order_id: orderId } of rows) {
      if (this.stopped) return;
      try {
        await this.step(orderId);
      } catch (error) {
        if (this.stopped && error instanceof EventStoreUnavailableError) return;
        this.logger.warn(`Order ${orderId}: ${(error as Error).message}; retrying on the next pass`);
      }
    }
  }
}
