import type { DomainError } from '@paykit/kernel';

/** The URL guard refused a URL (the first one or a redirect): nothing was sent to it. */
export class UrlRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly refusal: DomainError,
  ) {
    super(refusal.message);
    this.name = 'UrlRefusedError';
  }
}

/** No answer within the time allowed: the request may or may not have reached the other side. */
export class HttpTimeoutError extends Error {
  constructor(readonly url: string) {
    super(`No answer from ${new URL(url).origin} in time`);
    this.name = 'HttpTimeoutError';
  }
}

/** The connection failed or broke, or the answer was unusable (too large, too many redirects). */
export class HttpTransportError extends Error {
  constructor(
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpTransportError';
  }
}
