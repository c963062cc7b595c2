import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Route } from '../http/routes/route.decorator.js';
import { Metrics } from './metrics.js';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Route({
    method: 'GET',
    path: 'metrics',
    root: true,
    public: true,
    tags: ['Operations'],
    summary: 'Prometheus metrics: request durations by route and status, event-store append latency',
    responses: { 200: { contentType: 'text/plain; version=0.0.4', description: 'Prometheus text exposition format' } },
  })
  async render(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.contentType());
    return this.metrics.render();
  }
}
