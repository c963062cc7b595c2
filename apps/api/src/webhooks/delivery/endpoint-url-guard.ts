import { Inject, Injectable } from '@nestjs/common';
import { type CheckedUrl, type UrlGuard, createUrlGuard } from '@paykit/checkout-agent';
import type { DomainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';

/**
 * The agent checkouts' URL guard, for webhook endpoints: http(s) only, and every address the
 * host resolves to public, unless `host[:port]` is in WEBHOOK_ALLOWED_HOSTS. Checked when an
 * endpoint is saved and again before every attempt (the name may resolve elsewhere by then);
 * the attempt then connects to the addresses checked.
 */
@Injectable()
export class EndpointUrlGuard {
  private readonly guard: UrlGuard;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.guard = createUrlGuard({ allowedHosts: config.WEBHOOK_ALLOWED_HOSTS });
  }

  /** The check, given up (as unresolvable) when `signal` aborts first: a slow resolver never holds a caller. */
  async check(url: string, signal: AbortSignal): Promise<E.Either<DomainError, CheckedUrl>> {
    const aborted = new Promise<E.Either<DomainError, CheckedUrl>>((resolve) => {
      const give = () =>
        resolve(
          E.left({
            kind: 'invalid',
            code: 'url_not_allowed',
            message: 'The host did not resolve in time',
            parameters: { reason: 'unresolvable' },
          }),
        );
      if (signal.aborted) give();
      else signal.addEventListener('abort', give, { once: true });
    });
    return Promise.race([this.guard(url), aborted]);
  }
}
