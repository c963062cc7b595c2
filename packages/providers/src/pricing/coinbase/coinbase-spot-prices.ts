import * as E from 'fp-ts/lib/Either.js';
import { parseDecimal, type Clock, type Decimal, type DomainError } from '@paykit/kernel';
import { providerInvalidResponse, providerTimeout, providerUnavailable } from '../../faults/provider-errors.js';

export interface CoinbaseSpotPricesOptions {
  /** Where Coinbase's API is: https://api.coinbase.com, or a mock (tests, local runs). */
  readonly apiBase: string;
  readonly clock: Clock;
  /** A price older than this (from when it was received) is never used: it is asked for again. */
  readonly maxAgeMs: number;
  /** Per request; no answer in time is `provider_timeout` (503). */
  readonly timeoutMs: number;
}

/** The version of Coinbase's v2 API we read, sent as `CB-VERSION` as its reference asks. */
export const COINBASE_API_VERSION = '2024-01-01';

interface Spot {
  readonly amount: Decimal;
  readonly receivedAt: number;
}

/** `{ data: { amount, base, currency } }` for the pair asked; undefined for anything else. */
const amountOf = (body: unknown, base: string, currency: string): Decimal | undefined => {
  const data = (body as { data?: Record<string, unknown> } | null)?.data;
  if (data?.['base'] !== base || data['currency'] !== currency || typeof data['amount'] !== 'string') return undefined;
  const amount = parseDecimal(data['amount']);
  return amount?.gt(0) === true ? amount : undefined;
};

/**
 * Spot prices from Coinbase's public price API (`GET /v2/prices/{base}-{currency}/spot`, no key),
 * with fetch (Coinbase publishes no SDK nor OpenAPI document for it; ADR 0912). Each price is
 * kept with the time it was received and used until it is `maxAgeMs` old, never after: a quote
 * is either on a fresh price or refused with 503.
 */
export class CoinbaseSpotPrices {
  private readonly cache = new Map<string, Spot>();

  constructor(private readonly options: CoinbaseSpotPricesOptions) {}

  async spot(base: string, currency: string): Promise<E.Either<DomainError, Decimal>> {
    const pair = `${base}-${currency}`;
    const now = this.options.clock.now().getTime();
    const cached = this.cache.get(pair);
    if (cached && now - cached.receivedAt <= this.options.maxAgeMs) return E.right(cached.amount);
    this.cache.delete(pair);
    const answer = await this.fetchSpot(pair);
    if (E.isLeft(answer)) return answer;
    const amount = amountOf(answer.right, base, currency);
    if (!amount)
      return E.left(providerInvalidResponse('pricing', 'The price source answered something that is not a spot price'));
    this.cache.set(pair, { amount, receivedAt: this.options.clock.now().getTime() });
    return E.right(amount);
  }

  private async fetchSpot(pair: string): Promise<E.Either<DomainError, unknown>> {
    let response: Response;
    try {
      response = await fetch(new URL(`/v2/prices/${pair}/spot`, this.options.apiBase), {
        headers: { accept: 'application/json', 'cb-version': COINBASE_API_VERSION },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return E.left(timedOut ? providerTimeout('pricing') : providerUnavailable('pricing'));
    }
    if (response.status >= 500 || response.status === 429) return E.left(providerUnavailable('pricing'));
    if (response.status !== 200) {
      return E.left(
        providerInvalidResponse('pricing', `The price source refused the pair ${pair} (${response.status})`),
      );
    }
    try {
      return E.right(await response.json());
    } catch {
      return E.left(providerInvalidResponse('pricing'));
    }
  }
}
