import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimits } from './rate-limits.js';

/**
 * Applied by `@Route` to every route: a route-level guard runs after the global auth guard, so
 * the caller is known, and before any interceptor, so a throttled request claims no
 * idempotency key.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly rateLimits: RateLimits) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    this.rateLimits.enforce(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
    return true;
  }
}
