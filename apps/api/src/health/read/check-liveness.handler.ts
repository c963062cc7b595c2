import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HealthResponse } from '@paykit/contracts';

/** `GET /health`: the process is up and serving HTTP; nothing else is asked. */
export class CheckLiveness extends Query<HealthResponse> {}

@QueryHandler(CheckLiveness)
export class CheckLivenessHandler implements IQueryHandler<CheckLiveness> {
  execute(): Promise<HealthResponse> {
    return Promise.resolve({ status: 'ok' });
  }
}
