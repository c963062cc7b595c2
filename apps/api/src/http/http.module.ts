import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ErrorBodyFilter } from './errors/error-body.filter.js';
import { IdempotencySecrets } from './idempotency/idempotency-secrets.js';
import { IdempotencyStore } from './idempotency/idempotency.store.js';
import { RateLimits } from './rate-limit/rate-limits.js';

/**
 * The cross-cutting HTTP layer. The error filter is global; the rate-limit guard and the
 * idempotency interceptor are attached by `@Route` (so they run after the global auth guard,
 * and reads pay for no interceptor), sharing the one RateLimits and IdempotencyStore here.
 */
@Global()
@Module({
  providers: [IdempotencyStore, IdempotencySecrets, RateLimits, { provide: APP_FILTER, useClass: ErrorBodyFilter }],
  exports: [IdempotencyStore, IdempotencySecrets, RateLimits],
})
export class HttpModule {}
