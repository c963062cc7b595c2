/**
 * The few Horizon REST calls the Stellar adapter makes, over fetch with an abort signal per
 * call (https://developers.stellar.org/docs/data/apis/horizon/api-reference). The SDK's
 * `Horizon.Server` is not used for them: its call builders keep no HTTP status for errors other
 * than 404, turn a timeout into a bare `Error` and fix the submission timeout at 60 s, and
 * `node-failure.ts` needs the status and the abort to tell an outage from a bad answer (ADR 0933).
 */

/** A Horizon answer with an HTTP status the call does not handle (5xx, 429, ...). */
export class HorizonHttpError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
  ) {
    super(`Horizon answered HTTP ${status}`);
  }
}

/** An answer of Horizon that is not of the documented shape. */
export class MalformedHorizonAnswer extends Error {}

export interface HorizonAnswer {
  readonly status: number;
  readonly body: unknown;
}

export class HorizonClient {
  private readonly base: string;

  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  private async send(path: string, init: RequestInit, expected: readonly number[]): Promise<HorizonAnswer> {
    const response = await fetch(`${this.base}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
    const text = await response.text();
    if (!expected.includes(response.status) && (response.status < 200 || response.status > 299))
      throw new HorizonHttpError(response.status, text);
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new MalformedHorizonAnswer(`Horizon answered ${path} with a body that is not JSON`);
    }
  }

  /** GET a resource; `undefined` when Horizon answers 404 (no such account or transaction). */
  async get(path: string, signal: AbortSignal): Promise<unknown> {
    const answer = await this.send(path, { method: 'GET', signal }, [404]);
    return answer.status === 404 ? undefined : answer.body;
  }

  /**
   * POST /transactions, form field `tx` (base64 XDR envelope). 200: in a ledger, successful;
   * 400: a problem with `extras.result_codes`; 504: Horizon stopped waiting for a ledger, the
   * transaction may still land.
   */
  submit(envelope: string, signal: AbortSignal): Promise<HorizonAnswer> {
    return this.send(
      '/transactions',
      {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tx: envelope }).toString(),
      },
      [400, 504],
    );
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The object, or `MalformedHorizonAnswer` naming what was expected. */
export const expectRecord = (value: unknown, what: string): Record<string, unknown> => {
  if (!isRecord(value)) throw new MalformedHorizonAnswer(`${what} is not an object`);
  return value;
};

export const expectString = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw new MalformedHorizonAnswer(`${what} is not a string`);
  return value;
};

/** Horizon writes int64 values (fees, sequence numbers) as decimal strings. */
export const expectInteger = (value: unknown, what: string): bigint => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value))
    throw new MalformedHorizonAnswer(`${what} is not an integer`);
  return BigInt(value);
};

export const expectList = (value: unknown, what: string): readonly unknown[] => {
  if (!Array.isArray(value)) throw new MalformedHorizonAnswer(`${what} is not a list`);
  return value as readonly unknown[];
};
