import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { CheckpointTable, ProjectionRunner, type ReadModelDatabase, openReadModelDatabase } from '@paykit/projections';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, EVENT_STORE, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { OUTBOX_PROJECTION, outboxProjection } from './outbox.projection.js';

export const WEBHOOKS_DATABASE_FILE = 'webhooks.db';

/**
 * The outbox database and its runner. It is its own file (`DATA_DIR/webhooks.db`, in memory
 * beside a store in memory), not `read-models.db`: read models may be dropped and rebuilt at
 * will, but rebuilding the outbox would re-send history. Every commit is synced
 * (`synchronous = FULL`): a delivery recorded as sent stays recorded.
 */
@Injectable()
export class WebhooksOutbox implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(WebhooksOutbox.name);
  readonly db: ReadModelDatabase;
  private readonly runner: ProjectionRunner;
  private readonly checkpoints: CheckpointTable;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(READ_MODEL_DATABASE) readModels: ReadModelDatabase,
  ) {
    // Next to the read models, and like them in memory beside a store in memory.
    this.db = openReadModelDatabase(readModels.memory ? ':memory:' : join(config.DATA_DIR, WEBHOOKS_DATABASE_FILE));
    this.db.pragma('synchronous = FULL');
    this.checkpoints = new CheckpointTable(this.db);
    this.runner = new ProjectionRunner({
      store,
      db: this.db,
      projections: [outboxProjection],
      onFailure: (name, failure) => this.logger.error(`Projection ${name} stopped: ${failure.message}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }

  onApplicationShutdown(): void {
    if (this.db.open) this.db.close();
  }

  /** Read your writes: resolves once the outbox has applied `position` (false after the timeout). */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    return this.runner.waitFor(position, timeoutMs, OUTBOX_PROJECTION);
  }

  /**
   * Resolves when the outbox moves past where it is now (an event came), after the timeout, or
   * when `signal` aborts. A stopped or failed runner answers at once: then it waits the time out.
   */
  async nextChange(timeoutMs: number, signal: AbortSignal): Promise<void> {
    const started = Date.now();
    const position = this.checkpoints.read(OUTBOX_PROJECTION)?.position ?? 0n;
    const settled = new AbortController();
    const either = AbortSignal.any([signal, settled.signal]);
    try {
      const moved = await Promise.race([
        this.runner.waitFor(position + 1n, timeoutMs, OUTBOX_PROJECTION),
        sleep(timeoutMs, false, { signal: either }).catch(() => false),
      ]);
      const rest = timeoutMs - (Date.now() - started);
      if (!moved && rest > 0) await sleep(rest, undefined, { signal: either }).catch(() => undefined);
    } finally {
      settled.abort();
    }
  }
}
