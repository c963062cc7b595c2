import { Injectable } from '@nestjs/common';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppendOutcome } from '../infrastructure/metered-event-store.js';

/**
 * The Prometheus metrics of one app instance. A registry per instance (not prom-client's
 * global one) so several apps can live in one process, as they do in tests.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  private readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly eventStoreAppendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Event store append latency by outcome (ok, conflict, error)',
    labelNames: ['outcome'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The histogram's child per method, route and status: prom-client hashes a label object on every observe. */
  private readonly requestDurations = new Map<string, { observe(seconds: number): void }>();

  /** `route` is the route template (`/api/orders/:orderId`), never the raw URL: bounded labels. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let child = this.requestDurations.get(key);
    if (!child) {
      child = this.httpRequestDuration.labels({ method, route, status_code: String(statusCode) });
      this.requestDurations.set(key, child);
    }
    child.observe(seconds);
  }

  observeAppend = (seconds: number, outcome: AppendOutcome): void => {
    this.eventStoreAppendDuration.observe({ outcome }, seconds);
  };

  contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
