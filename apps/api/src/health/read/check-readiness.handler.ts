import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReadyResponse } from '@paykit/contracts';
import { DomainException, domainError } from '@paykit/kernel';
import { Readiness } from '../readiness.js';

/** `GET /ready`: the event store answers and the projections are caught up; a 503 with the failed checks otherwise. */
export class CheckReadiness extends Query<ReadyResponse> {}

@QueryHandler(CheckReadiness)
export class CheckReadinessHandler implements IQueryHandler<CheckReadiness> {
  constructor(private readonly readiness: Readiness) {}

  async execute(): Promise<ReadyResponse> {
    const checks = await this.readiness.check();
    if (checks.every((check) => check.ok)) return { status: 'ready', checks };
    throw new DomainException(domainError('unavailable', 'not_ready', 'Not ready', { checks, retryAfterSeconds: 5 }));
  }
}
