import type { components } from './generated/paykit-api.js';

export type ErrorBody = components['schemas']['ErrorBody'];

/** A non-2xx answer: its status and the API's error body `{ error, message, code?, parameters? }`. */
export class PayKitApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly requestId: string | null,
  ) {
    super(`${status} ${body.code ? `${body.code}: ` : ''}${body.message}`);
    this.name = 'PayKitApiError';
  }
}

interface Answer<Data> {
  readonly data?: Data;
  readonly error?: unknown;
  readonly response: Response;
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && (value as { error?: unknown }).error === true;

/**
 * The body of a successful answer, or a `PayKitApiError` for any other: for code that treats
 * every refusal as exceptional (scripts, the tour). Check `error` yourself where a 4xx is a
 * result you handle.
 */
export const expectOk = async <Data>(pending: Promise<Answer<Data>>): Promise<Data> => {
  const { data, error, response } = await pending;
  if (response.ok) return data as Data;
  const body = isErrorBody(error) ? error : { error: true as const, message: response.statusText || 'Request failed' };
  throw new PayKitApiError(response.status, body, response.headers.get('x-request-id'));
};
