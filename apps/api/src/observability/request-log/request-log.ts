import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import { type ReadModelDatabase, openReadModelDatabase } from '@paykit/projections';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { type RequestLogEntry, RequestLogStore } from './request-log-store.js';

export const REQUEST_LOG_DATABASE_FILE = 'request-log.db';
/** How many requests each project keeps: its newest; older ones are deleted as new ones come. */
export const REQUESTS_KEPT_PER_PROJECT = 10_000;
/** How long answered requests wait in memory before they are written, together. */
const FLUSH_EVERY_MS = 250;
/** A burst this big is written at the next turn of the event loop rather than after the wait. */
const FLUSH_AT = 500;

/**
 * The request log (ADR 0822): each authenticated API request's id, method, path, status,
 * duration and key, per project. The request's hook only queues the entry; a timer writes the
 * queue in one transaction to a database of its own (`DATA_DIR/request-log.db`, in memory beside
 * a store in memory), so no request waits on a disk write and the event store never sees it.
 * A read writes the queue first: a search finds every request this instance has answered.
 */
@Injectable()
export class RequestLog implements OnApplicationShutdown {
  private readonly logger = new Logger(RequestLog.name);
  private readonly db: ReadModelDatabase;
  private readonly store: RequestLogStore;
  private pending: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(READ_MODEL_DATABASE) readModels: ReadModelDatabase,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.db = openReadModelDatabase(readModels.memory ? ':memory:' : join(config.DATA_DIR, REQUEST_LOG_DATABASE_FILE));
    this.store = new RequestLogStore(this.db, REQUESTS_KEPT_PER_PROJECT);
  }

  /** Queues a request just answered (stamped now): the hot path, no I/O. */
  record(entry: Omit<RequestLogEntry, 'at'>): void {
    this.pending.push({ ...entry, at: this.clock.now().toISOString() });
    this.flushIn(this.pending.length >= FLUSH_AT ? 0 : FLUSH_EVERY_MS);
  }

  byRequestId(projectId: string, requestId: string): RequestLogEntry[] {
    this.flush();
    return this.store.byRequestId(projectId, requestId);
  }

  newest(projectId: string, limit: number): RequestLogEntry[] {
    this.flush();
    return this.store.newest(projectId, limit);
  }

  /** Writes what is queued; a failed write is logged and its entries given up (it is a log, not a record). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0 || !this.db.open) return;
    const batch = this.pending;
    this.pending = [];
    try {
      this.store.append(batch);
    } catch (error) {
      this.logger.warn(`request log: ${batch.length} entries not written: ${(error as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    this.flush();
    if (this.db.open) this.db.close();
  }

  private flushIn(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), delayMs);
    this.timer.unref();
  }
}
