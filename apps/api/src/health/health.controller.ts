import { Controller } from '@nestjs/common';
import { HealthResponse, ReadyResponse } from '@paykit/contracts';
import { DomainException, domainError } from '@paykit/kernel';
import { Route } from '../http/routes/route.decorator.js';
import { Readiness } from './readiness.js';

@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Route({
    method: 'GET',
    path: 'health',
    root: true,
    public: true,
    tags: ['Operations'],
    summary: 'Liveness: the process is up and serving HTTP',
    responses: { 200: HealthResponse },
  })
  health(): HealthResponse {
    return { status: 'ok' };
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
  async ready(): Promise<ReadyResponse> {
    const checks = await this.readiness.check();
    if (checks.every((check) => check.ok)) return { status: 'ready', checks };
    throw new DomainException(domainError('unavailable', 'not_ready', 'Not ready', { checks, retryAfterSeconds: 5 }));
  }
}
