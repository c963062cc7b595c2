import { Inject, Injectable } from '@nestjs/common';
import { type HttpTransport, nodeHttpTransport } from '@paykit/checkout-agent';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { EndpointUrlGuard } from './endpoint-url-guard.js';

/** An answer we do not read beyond its status: a receiver has no reason to send much. */
const MAX_ANSWER_BYTES = 1_048_576;

export interface SendOutcome {
  /** The endpoint's status, or null when no answer came. */
  readonly statusCode: number | null;
  /** Why no usable answer came (a refused URL, a timeout, a connection error). */
  readonly error: string | null;
  readonly durationMs: number;
}

/** The attempt was cut short by shutdown: it counts for nothing and is made again later. */
export class AttemptInterruptedError extends Error {
  constructor() {
    super('Shutting down');
    this.name = 'AttemptInterruptedError';
  }
}

/**
 * One POST of a signed body. The URL guard runs before every attempt and the connection goes
 * to the addresses it approved (no fresh lookup, so DNS rebinding cannot point it at a private
 * address); redirects are not followed: a 3xx is a failed attempt like any non-2xx. The time
 * limit covers the lookup, the connection and the answer.
 */
@Injectable()
export class WebhookSender {
  private readonly transport: HttpTransport = nodeHttpTransport({ maxBodyBytes: MAX_ANSWER_BYTES });

  constructor(
    private readonly guard: EndpointUrlGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(url: string, headers: Record<string, string>, body: string, stop: AbortSignal): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const timeout = AbortSignal.timeout(this.config.WEBHOOK_REQUEST_TIMEOUT_MS);
    const signal = AbortSignal.any([timeout, stop]);
    const checked = await this.guard.check(url, signal);
    if (stop.aborted) throw new AttemptInterruptedError();
    if (E.isLeft(checked))
      return { statusCode: null, error: `URL refused: ${checked.left.message}`, durationMs: elapsed() };
    try {
      const answer = await this.transport(checked.right.url, {
        method: 'POST',
        headers,
        body,
        signal,
        addresses: checked.right.addresses,
      });
      return { statusCode: answer.status, error: null, durationMs: elapsed() };
    } catch (error) {
      if (stop.aborted) throw new AttemptInterruptedError();
      const reason = timeout.aborted
        ? `No answer within ${this.config.WEBHOOK_REQUEST_TIMEOUT_MS} ms`
        : `Request failed: ${(error as Error).message}`;
      return { statusCode: null, error: reason, durationMs: elapsed() };
    }
  }
}
