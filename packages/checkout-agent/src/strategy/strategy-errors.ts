import { HttpTimeoutError, HttpTransportError, UrlRefusedError } from '../safety/http-errors.js';
import type { StrategyOutcome } from './strategy-port.js';

/** The merchant answered 403: it does not let this client in. Any strategy may throw it. */
export class MerchantAccessBlockedError extends Error {
  constructor(readonly url: string) {
    super(`The merchant refused access to ${new URL(url).origin} (HTTP 403)`);
    this.name = 'MerchantAccessBlockedError';
  }
}

/**
 * The outcome of an error a strategy did not handle itself. Errors of no known kind are
 * returned as null: the runner records them as `runtime_error`.
 */
export const outcomeOfError = (error: unknown): StrategyOutcome | null => {
  if (error instanceof MerchantAccessBlockedError) {
    return { kind: 'blocked', code: 'merchant.access_blocked', summary: `${error.message}; nothing was bought.` };
  }
  if (error instanceof UrlRefusedError) {
    return {
      kind: 'blocked',
      code: 'merchant.no_safe_path',
      summary: `Refused to open ${truncate(error.url)}: ${error.refusal.message}. Nothing was bought.`,
    };
  }
  if (error instanceof HttpTimeoutError || error instanceof HttpTransportError) {
    return {
      kind: 'blocked',
      code: 'merchant.checkout_error',
      summary: `The merchant could not be reached: ${error.message}. Nothing was bought.`,
    };
  }
  return null;
};

const truncate = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}...` : text);
