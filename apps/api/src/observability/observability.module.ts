import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { RenderMetricsHandler } from './read/render-metrics.handler.js';

@Module({ controllers: [MetricsController], providers: [RenderMetricsHandler] })
export class ObservabilityModule {}
