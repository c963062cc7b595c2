import { Inject, Injectable } from '@nestjs/common';
import { type Clock, DomainException, domainError } from '@paykit/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import { type Budget, TokenBucketLimiter } from './token-bucket-limiter.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Per-project and per-key budgets, separate for writes and reads, counted in this instance's
 * memory (docs/adr/0303). One instance per app: every route's guard shares its buckets.
 */
@Injectable()
export class RateLimits {
  private readonly limiter: TokenBucketLimiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.limiter = new TokenBucketLimiter(clock);
  }

  /** Takes a token for the caller (none without one) and sets X-RateLimit-*; throws a 429 when spent. */
  enforce(request: FastifyRequest, reply: FastifyReply): void {
    const principal = request.principal;
    if (!principal) return;
    const decision = this.limiter.take(
      this.budgetsOf(principal.projectId, principal.keyId, WRITE_METHODS.has(request.method)),
    );
    if (!decision) return;
    void reply.headers({
      'x-ratelimit-limit': String(decision.limit),
      'x-ratelimit-remaining': String(decision.remaining),
      'x-ratelimit-reset': String(decision.resetSeconds),
    });
    if (!decision.allowed) {
      throw new DomainException(
        domainError('rate_limited', 'rate_limited', `Too many requests; retry in ${decision.retryAfterSeconds} s`, {
          limit: decision.limit,
          retryAfterSeconds: decision.retryAfterSeconds,
        }),
      );
    }
  }

  private budgetsOf(projectId: string, keyId: string, write: boolean): Budget[] {
    const kind = write ? 'write' : 'read';
    const project = write ? this.config.RATE_LIMIT_WRITES_PER_MIN : this.config.RATE_LIMIT_READS_PER_MIN;
    const key =
      (write ? this.config.RATE_LIMIT_KEY_WRITES_PER_MIN : this.config.RATE_LIMIT_KEY_READS_PER_MIN) ?? project;
    return [
      { key: `project:${projectId}:${kind}`, perMinute: project },
      { key: `key:${keyId}:${kind}`, perMinute: key },
    ];
  }
}
