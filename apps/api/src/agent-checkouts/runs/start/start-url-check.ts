import { Inject, Injectable } from '@nestjs/common';
import { type Resolver, type UrlGuard, createUrlGuard, systemResolver } from '@paykit/checkout-agent';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../../config/config.js';
import { RequestValidationError } from '../../../http/validation/request-validation.error.js';
import { APP_CONFIG } from '../../../infrastructure/tokens.js';

/** A name server that does not answer in time leaves the name unresolved (and the URL accepted). */
const RESOLVE_TIMEOUT_MS = 3_000;

const resolveWithin =
  (resolve: Resolver, timeoutMs: number): Resolver =>
  async (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('DNS timeout')), timeoutMs);
    });
    try {
      return await Promise.race([resolve(hostname), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

/**
 * The URL guard on a run's start URL, before the run exists: a URL that denotes a private,
 * loopback, link-local (or otherwise non-public) address, or a scheme other than http(s), is a
 * 400 naming `request.startUrl`, unless its host is in AGENT_CHECKOUT_ALLOWED_HOSTS. A name
 * that does not resolve now is accepted: DNS may be briefly down, and the runner checks every
 * request again (a run whose merchant stays unreachable ends blocked).
 */
@Injectable()
export class StartUrlCheck {
  private readonly guard: UrlGuard;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.guard = createUrlGuard({
      allowedHosts: config.AGENT_CHECKOUT_ALLOWED_HOSTS,
      resolve: resolveWithin(systemResolver, RESOLVE_TIMEOUT_MS),
    });
  }

  async check(startUrl: string): Promise<void> {
    const result = await this.guard(startUrl);
    if (E.isRight(result) || result.left.parameters?.['reason'] === 'unresolvable') return;
    throw new RequestValidationError([{ path: 'request.startUrl', message: result.left.message }]);
  }
}
