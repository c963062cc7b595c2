import { ManualClock } from '@paykit/kernel';
import {
  type StripeClientSettings,
  StripeCardProcessor,
  StripeWebhooks,
  createStripeClient,
} from '../../../src/index.js';
import type { StripeMock } from '../../support/stripe-mock/index.js';

export const SECRET_KEY = 'sk_test_contract';
export const ENDPOINT_SECRET = 'whsec_contract';
export const RETURN_URL = 'https://shop.example/after-3ds';

/** Our adapter on the official SDK, pointed at the mock; no SDK retries unless a test asks for them. */
export const processorOn = (mock: StripeMock, settings: Partial<StripeClientSettings> = {}) =>
  new StripeCardProcessor({
    stripe: createStripeClient({
      secretKey: SECRET_KEY,
      apiBase: mock.url,
      maxNetworkRetries: 0,
      timeoutMs: 10_000,
      ...settings,
    }),
    returnUrl: RETURN_URL,
  });

export const webhooksAt = (at: Date) =>
  new StripeWebhooks({ endpointSecret: ENDPOINT_SECRET, clock: new ManualClock(at.toISOString()) });

/** A raw request to the mock, as a client other than the SDK would send it. */
export const postForm = async (mock: StripeMock, path: string, form: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET_KEY}`,
      'stripe-version': '2026-10-28.endive',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { error?: Record<string, unknown> } };
};

let keys = 0;
/** A fresh idempotency key per charge, as the order's payment attempt id would be. */
export const freshKey = (): string => `attempt-${process.pid}-${++keys}`;
