import { ManualClock } from '@paykit/kernel';
import {
  createDemoMerchant,
  DEFAULT_ACP_API_KEY,
  type DemoMerchant,
  type DemoMerchantOptions,
} from '../../src/index.js';

export const TEST_NOW = '2026-11-21T12:00:00.000Z';

/** Starts a shop on 127.0.0.1 and a free port, at a fixed time; call `close` in afterAll. */
export const startShop = (options: DemoMerchantOptions = {}): Promise<DemoMerchant> =>
  createDemoMerchant({ clock: new ManualClock(TEST_NOW), ...options });

export interface JsonResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** What every agentic-checkout call sends unless a test says otherwise: the shop's test key and an API version. */
export const acpHeaders = (version = '2025-09-29'): Record<string, string> => ({
  authorization: `Bearer ${DEFAULT_ACP_API_KEY}`,
  'api-version': version,
});

/** A JSON call to the shop's agentic-checkout API (a header given as '' is left out). */
export const callApi = async <T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> => {
  const sent = Object.fromEntries(Object.entries({ ...acpHeaders(), ...headers }).filter(([, value]) => value !== ''));
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...sent },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
};
