import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Metrics } from '../metrics.js';

export interface MetricsExposition {
  readonly contentType: string;
  readonly body: string;
}

/** `GET /metrics`: this instance's Prometheus text exposition. */
export class RenderMetrics extends Query<MetricsExposition> {}

@QueryHandler(RenderMetrics)
export class RenderMetricsHandler implements IQueryHandler<RenderMetrics> {
  constructor(private readonly metrics: Metrics) {}

  async execute(): Promise<MetricsExposition> {
    return { contentType: this.metrics.contentType(), body: await this.metrics.render() };
  }
}
