import Stripe from 'stripe';

export interface StripeClientSettings {
  /** `sk_live_...` in production, `sk_test_...` for Stripe's test mode (never logged). */
  readonly secretKey: string;
  /** Where Stripe's API is: https://api.stripe.com, or a mock (tests, local runs). */
  readonly apiBase?: string;
  /** Per request; the SDK answers a timeout as a connection error (our `unavailable`). */
  readonly timeoutMs?: number;
  /** The SDK's retries of connection errors, 409 and 5xx, with the same idempotency key. */
  readonly maxNetworkRetries?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_RETRIES = 2;

/** The official SDK, pointed at `apiBase`. Its pinned API version is the one we speak (Stripe-Version). */
export const createStripeClient = (settings: StripeClientSettings): Stripe => {
  const base = new URL(settings.apiBase ?? 'https://api.stripe.com');
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: base.hostname,
    port: Number(base.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxNetworkRetries: settings.maxNetworkRetries ?? DEFAULT_RETRIES,
    telemetry: false,
    appInfo: { name: 'PayKit' },
  });
};

/** The API version the SDK speaks (its pinned one): what a direct answer to a Stripe webhook names. */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;
