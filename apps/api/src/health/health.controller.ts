import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { HealthResponse, ReadyResponse } from '@paykit/contracts';
import { Route } from '../http/routes/route.decorator.js';
import { CheckLiveness } from './read/check-liveness.handler.js';
import { CheckReadiness } from './read/check-readiness.handler.js';

@Controller()
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: 'health',
    root: true,
    public: true,
    tags: ['Operations'],
    summary: 'Liveness: the process is up and serving HTTP',
    responses: { 200: HealthResponse },
  })
  health(): Promise<HealthResponse> {
    return this.queries.execute(new CheckLiveness());
  }

  @Route({
    method: 'GET',
    path: 'ready',
    root: true,
    public: true,
    tags: ['Operations'],
    summary: 'Readiness: the event store answers and the projections are caught up',
    description: 'Answers 503 with the error body (failed checks in `parameters.checks`) while not ready.',
    responses: { 200: ReadyResponse },
  })
  ready(): Promise<ReadyResponse> {
    return this.queries.execute(new CheckReadiness());
  }
}
