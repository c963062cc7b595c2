import { Inject, Injectable } from '@nestjs/common';
import { type Clock, DomainException, domainError } from '@paykit/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import { type Budget, TokenBucketLimiter } from './token-bucket-limiter.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
interface KeyBudgets {
  readonly projectId: string;
  readonly budgets: Budget[];
}

/** Keys whose budgets are kept made; past it the cache starts again (they are cheap to remake). */
const MAX_CACHED_KEYS = 10_000;

/**
 * Per-project and per-key budgets, separate for writes and reads, counted in this instance's
 * memory (docs/adr/0303). One instance per app: every route's guard shares its buckets.
 */
@Injectable()
export class RateLimits {
  private readonly limiter: TokenBucketLimiter;
  /** The budgets of a key, for reads and for writes: made once per key, not per request. */
  private readonly budgets = {
    read: new Map<string, KeyBudgets>(),
    write: new Map<string, KeyBudgets>(),
  };

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
    const known = this.budgets[kind];
    let cached = known.get(keyId);
    // A key belongs to one project; the check keeps a wrong cache entry impossible all the same.
    if (cached === undefined || cached.projectId !== projectId) {
      if (known.size >= MAX_CACHED_KEYS) known.clear();
      cached = { projectId, budgets: this.newBudgets(projectId, keyId, write) };
      known.set(keyId, cached);
    }
    return cached.budgets;
  }

  private newBudgets(projectId: string, keyId: string, write: boolean): Budget[] {
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
