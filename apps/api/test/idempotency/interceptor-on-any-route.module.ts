import { Controller, Get, Module, Post, UseInterceptors } from '@nestjs/common';
import { Public } from '../../src/http/access.decorators.js';
import { HandlesIdempotencyKey } from '../../src/http/idempotency/handles-idempotency-key.decorator.js';
import { IdempotencyInterceptor } from '../../src/http/idempotency/idempotency.interceptor.js';
import { Executions, TestRoutesModule } from '../support/test-routes.module.js';

/**
 * The idempotency interceptor put on routes by hand, not through `@Route` (which attaches it only
 * to POST routes that do not handle the key): it must still leave reads and key-handling routes alone.
 */
@Controller('test-interceptor')
@Public()
@UseInterceptors(IdempotencyInterceptor)
class InterceptorOnAnyRouteController {
  constructor(private readonly executions: Executions) {}

  @Get('read')
  read() {
    return { execution: this.executions.record('interceptor-read') };
  }

  @Post('own-key')
  @HandlesIdempotencyKey()
  ownKey() {
    return { execution: this.executions.record('interceptor-own-key') };
  }
}

@Module({ imports: [TestRoutesModule], controllers: [InterceptorOnAnyRouteController] })
export class InterceptorOnAnyRouteModule {}
