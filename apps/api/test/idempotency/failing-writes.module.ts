import { Controller, Module, Param } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { WrongExpectedRevisionError } from '@paykit/event-store';
import { DomainException, type DomainErrorKind, domainError } from '@paykit/kernel';
import { z } from 'zod';
import { Route } from '../../src/http/routes/route.decorator.js';
import { Executions } from '../support/test-routes.module.js';
import { TestPrincipalGuard } from '../support/test-principal.guard.js';

const Failure = z.object({
  failure: z.enum([
    'invalid',
    'not_found',
    'conflict',
    'rate_limited',
    'upstream_invalid',
    'unavailable',
    'lost-race',
    'timed-out',
  ]),
});

/** A write that runs (counted) and then fails the way its path says: how each failure settles a key. */
@Controller('test-failing-writes')
class FailingWritesController {
  constructor(private readonly executions: Executions) {}

  @Route({
    method: 'POST',
    path: ':failure',
    public: true,
    summary: 'Run, then fail as named',
    params: Failure,
    responses: { 201: z.object({}) },
  })
  fail(@Param('failure') failure: z.infer<typeof Failure>['failure']): never {
    this.executions.record(failure);
    if (failure === 'lost-race') throw new WrongExpectedRevisionError('order-1', 3n, 4n);
    // What Fastify throws when the handler outlives the request timeout (answered 504).
    if (failure === 'timed-out') throw Object.assign(new Error('Request timeout'), { code: 'FST_ERR_HANDLER_TIMEOUT' });
    const kind: DomainErrorKind = failure;
    throw new DomainException(domainError(kind, `test_${kind}`, `A ${kind} error`));
  }
}

@Module({
  controllers: [FailingWritesController],
  providers: [Executions, { provide: APP_GUARD, useClass: TestPrincipalGuard }],
})
export class FailingWritesModule {}
