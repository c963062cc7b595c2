import { Controller, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Route } from '../http/routes/route.decorator.js';
import { RenderMetrics } from './read/render-metrics.handler.js';

@Controller()
export class MetricsController {
  constructor(private readonly queries: QueryBus) {}

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
    const exposition = await this.queries.execute(new RenderMetrics());
    void reply.header('content-type', exposition.contentType);
    return exposition.body;
  }
}
