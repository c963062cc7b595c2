import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { RenderMetricsHandler } from './read/render-metrics.handler.js';
import { RequestLog } from './request-log/request-log.js';
import { SearchRequestLogHandler } from './request-log/search-request-log.handler.js';

@Module({
  controllers: [MetricsController],
  providers: [RenderMetricsHandler, RequestLog, SearchRequestLogHandler],
  exports: [RequestLog],
})
export class ObservabilityModule {}
