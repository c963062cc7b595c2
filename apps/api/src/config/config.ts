import { parseAcpCredentials, parseAllowedHosts, parseProxyList } from '@paykit/checkout-agent';
import { describeIssue } from '@paykit/contracts';
import { z } from 'zod';

const integer = (fallback: number, minimum = 0) => z.coerce.number().int().min(minimum).default(fallback);

const isProxyList = (value: string): boolean => {
  try {
    parseProxyList(value);
    return true;
  } catch {
    return false;
  }
};

const isAcpCredentials = (value: string): boolean => {
  try {
    parseAcpCredentials(value);
    return true;
  } catch {
    return false;
  }
};

/** Comma-separated web origins, each `scheme://host[:port]` exactly as browsers write it (no path, no trailing slash). */
const isOriginList = (value: string): boolean =>
  value.split(',').every((entry) => {
    try {
      return new URL(entry.trim()).origin === entry.trim();
    } catch {
      return false;
    }
  });

/** The issuing program's billing address, as Stripe's `billing.address` of a cardholder needs it. */
export const BillingAddress = z.strictObject({
  line1: z.string().min(1),
  city: z.string().min(1),
  postal_code: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/),
  state: z.string().min(1).optional(),
});

const isBillingAddress = (value: string): boolean => {
  try {
    return BillingAddress.safeParse(JSON.parse(value)).success;
  } catch {
    return false;
  }
};

const isAllowedHostList = (value: string): boolean => {
  try {
    parseAllowedHosts(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every setting the server reads from its environment, with its default. Adding a setting is
 * one line here; `loadConfig` refuses to start on a bad value and names the variable.
 */
const ConfigShape = z.object({
  PORT: integer(3000).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  APP_ENV: z.enum(['staging', 'production']).default('staging'),
  EVENT_STORE: z.enum(['sqlite', 'memory', 'esdb']).default('sqlite'),
  /** EVENT_STORE=esdb: the cluster, e.g. `esdb+discover://node1:2113?tls=false` (deploy/compose.yaml). */
  EVENTSTORE_CONNECTION_STRING: z
    .string()
    .regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, {
      error: 'must be an esdb:// or esdb+discover:// connection string',
    })
    .optional(),
  API_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)+$/, { error: 'must be a path such as /api' })
    .default('/api'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal outside production (pino-pretty), JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  RATE_LIMIT_WRITES_PER_MIN: integer(120),
  RATE_LIMIT_READS_PER_MIN: integer(360),
  /** Per API key, within the project's budget; defaults to the project's budget. */
  RATE_LIMIT_KEY_WRITES_PER_MIN: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_KEY_READS_PER_MIN: z.coerce.number().int().min(0).optional(),
  REQUEST_TIMEOUT_MS: integer(30_000, 1),
  /** Slow clients (ADR 0309): the whole request, headers and body, must arrive within this (else 408, closed). */
  HTTP_REQUEST_TIMEOUT_MS: integer(30_000, 1),
  /** ...and its headers within this (at most HTTP_REQUEST_TIMEOUT_MS). */
  HTTP_HEADERS_TIMEOUT_MS: integer(10_000, 1),
  /** An idle keep-alive connection is closed after this (above a load balancer's 60 s idle timeout). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(72_000, 1),
  /** A socket on which nothing moves either way (a client that stops reading) is closed after this. */
  HTTP_IDLE_TIMEOUT_MS: integer(60_000, 1),
  BODY_LIMIT_BYTES: integer(1_048_576, 1),
  /** How long a request waits for a concurrent one with the same idempotency key to finish. */
  IDEMPOTENCY_WAIT_MS: integer(5_000),
  /** How long a recorded response is replayed; after that the key may be used again. */
  IDEMPOTENCY_TTL_HOURS: integer(24, 1),
  /** /ready holds while every projection is running and at most this many positions behind. */
  READY_MAX_PROJECTION_LAG: integer(1_000),
  /** Identity documents: the largest document accepted, in bytes once decoded (the upload route's body limit follows). */
  DOCUMENT_MAX_BYTES: integer(10_485_760, 1),
  /** Linked wallets: the domain named in the ownership challenge a wallet signs (CAIP-122). */
  WALLET_LINK_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, { error: 'must be a host name such as app.example.com' })
    .default('localhost'),
  /** Passkey signers: the WebAuthn relying party id their credentials were registered for (ADR 0456). */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, { error: 'must be a domain such as example.com (no scheme, no port)' })
    .default('localhost'),
  /** Passkey signers: the origins approvals may be made at (comma-separated `https://app.example.com` entries). */
  WEBAUTHN_ORIGINS: z
    .string()
    .default('http://localhost:3000')
    .refine(isOriginList, { error: 'must be comma-separated origins such as https://app.example.com' }),
  /** Passkey signers: `required`, every approval needs user verification; `preferred`, only where the client asked for it. */
  WEBAUTHN_USER_VERIFICATION: z.enum(['required', 'preferred']).default('required'),
  /** Agent checkouts: hosts runs may reach although private (comma-separated host[:port]; the demo merchant in dev). */
  AGENT_CHECKOUT_ALLOWED_HOSTS: z
    .string()
    .default('')
    .refine(isAllowedHostList, { error: 'must be comma-separated host or host:port entries' }),
  /** `inprocess`: this process works on runs; `off`: only separate `pnpm runner` processes do. */
  AGENT_CHECKOUT_RUNNER: z.enum(['inprocess', 'off']).default('inprocess'),
  AGENT_CHECKOUT_RUNNER_CONCURRENCY: integer(4),
  AGENT_CHECKOUT_LEASE_MS: integer(30_000, 1),
  /** How often lapsed leases, spent budgets and expired questions are swept (0: never, in this process). */
  AGENT_CHECKOUT_SWEEP_MS: integer(5_000),
  AGENT_CHECKOUT_INPUT_TIMEOUT_MS: integer(900_000, 1),
  AGENT_CHECKOUT_REQUEST_TIMEOUT_MS: integer(15_000, 1),
  AGENT_CHECKOUT_COMPLETE_TIMEOUT_MS: integer(60_000, 1),
  /** At shutdown, how long runs under way may finish before their leases are left to lapse. */
  AGENT_CHECKOUT_DRAIN_MS: integer(10_000),
  /** Budgets of each new run (fixed in its first event). */
  AGENT_CHECKOUT_MAX_STEPS: integer(200, 1),
  AGENT_CHECKOUT_MAX_DURATION_MS: integer(1_800_000, 1),
  AGENT_CHECKOUT_MAX_TAKEOVERS: integer(2),
  AGENT_CHECKOUT_STREAM_HEARTBEAT_MS: integer(15_000, 1),
  /** How often deleted browser profiles are checked for erasure (0: never, in this process). */
  AGENT_CHECKOUT_ERASURE_EVERY_MS: integer(5_000),
  /** Browser runs: `on` checks out on merchants' own pages in headless Chromium (after their agentic-checkout API, if any). */
  AGENT_CHECKOUT_BROWSER: z.enum(['on', 'off']).default('on'),
  /** Browser runs: the Chromium executable (the Debian package's by default); runs go without a browser when it is missing. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Browser runs: egress proxy per browser location, `CC=http://host:port` pairs (`US=http://proxy-us:3128,DE=...`). */
  AGENT_CHECKOUT_PROXIES: z
    .string()
    .default('')
    .refine(isProxyList, { error: 'must be comma-separated CC=http://host:port entries' }),
  /** Live view: `on` serves each run's attached browser read-only from its runner process; `off`: snapshots show no browser. */
  AGENT_CHECKOUT_LIVE_VIEW: z.enum(['on', 'off']).default('on'),
  /** Live view: where the runner's live-view server listens (port 0: any free port), once a run attaches a browser. */
  AGENT_CHECKOUT_LIVE_VIEW_HOST: z.string().min(1).default('127.0.0.1'),
  AGENT_CHECKOUT_LIVE_VIEW_PORT: integer(0).pipe(z.number().max(65535)),
  /** Live view: the base URL viewers reach that server at (behind a proxy, say); http://HOST:PORT by default. */
  AGENT_CHECKOUT_LIVE_VIEW_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Live view: how long the signed token in a snapshot's `embedUrl` admits a viewer. */
  AGENT_CHECKOUT_LIVE_VIEW_TOKEN_TTL_MS: integer(300_000, 1),
  /** Model-driven strategy, off unless set: the base URL of an OpenAI-compatible chat completions API (POST {url}/chat/completions). */
  AGENT_CHECKOUT_MODEL_URL: z.url({ protocol: /^https?$/ }).optional(),
  AGENT_CHECKOUT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Sent as a bearer token to the model API; never logged. */
  AGENT_CHECKOUT_MODEL_API_KEY: z.string().min(1).optional(),
  AGENT_CHECKOUT_MODEL_TIMEOUT_MS: integer(60_000, 1),
  /** Agentic checkout: the credential per merchant API origin, `{"https://shop.example":{"token":"...","merchantId"?,"signingKey"?}}`; never logged. */
  AGENT_CHECKOUT_ACP_CREDENTIALS: z.string().default('').refine(isAcpCredentials, {
    error: 'must be a JSON object of merchant API origins to {"token", "merchantId"?, "signingKey"? (Ed25519 PEM)}',
  }),
  /** Agentic checkout: how long a payment token delegated to a merchant stays usable (its allowance's expiry). */
  AGENT_CHECKOUT_PAYMENT_TOKEN_TTL_MS: integer(600_000, 1),
  /** Wallets: sandbox chains' block time (every chain), to make staging transfers final sooner (tests, demos). */
  SANDBOX_BLOCK_TIME_MS: z.coerce.number().int().min(1).optional(),
  /** Wallets: how often the transfer executor polls a sent transaction; default about one block of its chain. */
  TRANSFER_POLL_INTERVAL_MS: z.coerce.number().int().min(1).optional(),
  /** Wallets: EVM chains served by a node, `chain=url` pairs (`base-sepolia=https://...`); other staging chains are the sandbox. */
  EVM_RPC_URLS: z.string().default(''),
  /** Wallets: the Solana cluster's JSON-RPC node (http(s); mainnet-beta in production, devnet in staging); without it Solana is the sandbox in staging, unavailable in production. */
  SOLANA_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Wallets: a Solana node call unanswered this long is `chain_unavailable`. */
  SOLANA_RPC_TIMEOUT_MS: integer(10_000, 1),
  /** Wallets: a Horizon server of the Stellar network (http(s); the public network in production, testnet in staging); without it Stellar is the sandbox in staging, unavailable in production. */
  STELLAR_HORIZON_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Wallets: a Horizon call unanswered this long is `chain_unavailable`. */
  STELLAR_HORIZON_TIMEOUT_MS: integer(10_000, 1),
  /** Wallets: `CODE:ISSUER` of the stablecoin on a staging Horizon (production knows Circle's USDC); without it staging's Horizon serves XLM only. */
  STELLAR_STABLECOIN_ASSET: z
    .string()
    .regex(/^[A-Za-z0-9]{1,12}:G[A-Z2-7]{55}$/, { error: 'must be CODE:ISSUER (a Stellar asset code and G... issuer)' })
    .optional(),
  /** Wallets: an Aptos fullnode's REST API base (http(s), `.../v1`; mainnet in production, testnet in staging); without it Aptos is the sandbox in staging, unavailable in production. */
  APTOS_NODE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Wallets: an Aptos fullnode call unanswered this long is `chain_unavailable`. */
  APTOS_NODE_TIMEOUT_MS: integer(10_000, 1),
  /** Wallets: a Sui fullnode's JSON-RPC (http(s); mainnet in production, testnet in staging); without it Sui is the sandbox in staging, unavailable in production. */
  SUI_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Wallets: a Sui node call unanswered this long is `chain_unavailable`. */
  SUI_RPC_TIMEOUT_MS: integer(10_000, 1),
  /** Wallets: what serves a production chain without a node: nothing (`unavailable`) or the sandbox (demo deployments). */
  CHAIN_PRODUCTION_FALLBACK: z.enum(['unavailable', 'sandbox']).default('unavailable'),
  /** Reconciliation: a payout not settled, or a paid order not delivered, this long after it started or was paid is an exception. */
  RECONCILIATION_SETTLEMENT_MINUTES: integer(1_440, 1),
  /** Reconciliation: how often the deposit observer lists transfers into deposit addresses (0: never, in this process). */
  RECONCILIATION_OBSERVE_EVERY_MS: integer(5_000),
  /** Webhooks: hosts endpoints may use although private (comma-separated host[:port]; a local receiver in dev and tests). */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .refine(isAllowedHostList, { error: 'must be comma-separated host or host:port entries' }),
  /** Webhooks: `inprocess`: this process sends deliveries; `off`: it only queues them. */
  WEBHOOK_DELIVERY: z.enum(['inprocess', 'off']).default('inprocess'),
  WEBHOOK_CONCURRENCY: integer(8, 1),
  WEBHOOK_REQUEST_TIMEOUT_MS: integer(15_000, 1),
  /** Webhooks: how often due retries are looked for (new events wake the sender at once). */
  WEBHOOK_POLL_MS: integer(1_000, 1),
  /** Webhooks: exponential backoff from the first wait, capped, for the window (a day). */
  WEBHOOK_RETRY_BASE_MS: integer(30_000, 1),
  WEBHOOK_RETRY_MAX_DELAY_MS: integer(14_400_000, 1),
  WEBHOOK_RETRY_WINDOW_MS: integer(86_400_000, 1),
  /** Webhooks: how long a rotated-out secret still signs deliveries (beside the new one). */
  WEBHOOK_SECRET_ROTATION_GRACE_MS: integer(86_400_000),
  /** Orders: how long a quote holds, in seconds. */
  ORDER_QUOTE_TTL_SECONDS: integer(300, 1),
  /** Orders: the order total in USD (or a USD stablecoin) up to which no identity check is needed; other currencies always need one. */
  ORDER_NO_KYC_THRESHOLD_USD: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'must be a decimal amount such as 100' })
    .default('100'),
  /** Orders: what one user may buy by card within ORDER_PURCHASE_LIMIT_WINDOW_HOURS, per payment currency (single_purchase_exceeded). */
  ORDER_PURCHASE_LIMIT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'must be a decimal amount such as 2500' })
    .default('2500'),
  ORDER_PURCHASE_LIMIT_WINDOW_HOURS: integer(24, 1),
  /** Orders: how often the order worker looks at orders under way (KYC, card checks, deliveries, payouts, quote expiry). */
  ORDER_WORKER_INTERVAL_MS: integer(1_000, 1),
  /** Orders: how long process-payment waits for a matching deposit to become final before answering deposit_not_final. */
  ORDER_DEPOSIT_FINALITY_WAIT_MS: integer(5_000),
  /** Orders: the card tokenization pass-through route POST /unstable/card-tokens (ADR 0101); off answers 404. */
  CARD_TOKENIZATION_ROUTE: z.enum(['on', 'off']).default('on'),
  /** Cards: `sandbox` (staging's default) or `stripe` (PaymentIntents; ADR 0900). Production has no default. */
  CARD_PROCESSOR: z.enum(['sandbox', 'stripe']).optional(),
  /** Stripe: the secret API key (`sk_live_...`; `sk_test_...` outside production); never logged. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_live_... or sk_test_...)' })
    .optional(),
  /** Stripe: the webhook endpoint's signing secret (`whsec_...`) for POST /webhooks/stripe; never logged. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_...)' })
    .optional(),
  /** Stripe: where its API is (a local mock in tests). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /** Stripe: where Stripe sends the cardholder back after 3-D Secure (the page that shows the order). */
  STRIPE_RETURN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Stripe: each API request's timeout, and the SDK's retries (same idempotency key) of connection errors and 5xx. */
  STRIPE_TIMEOUT_MS: integer(20_000, 1),
  STRIPE_MAX_NETWORK_RETRIES: integer(2),
  /**
   * Agent checkouts: who issues the virtual card each run pays with (docs/adr/0226). `sandbox`, the
   * default in staging, or `stripe` (Stripe Issuing, docs/adr/0901); production must name one.
   */
  CARD_ISSUER: z.enum(['sandbox', 'stripe']).optional(),
  /** Stripe Issuing: the signing secret (`whsec_...`) of POST /webhooks/stripe-issuing; never logged. */
  STRIPE_ISSUING_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_...)' })
    .optional(),
  /** Stripe Issuing: the billing address of every cardholder, `{"line1","city","postal_code","country","state"?}`. */
  STRIPE_ISSUING_BILLING_ADDRESS: z
    .string()
    .refine(isBillingAddress, { error: 'must be a JSON object {"line1","city","postal_code","country","state"?}' })
    .optional(),
  /** KYC: `sandbox` (staging's default) or `stripe-identity` (VerificationSessions; ADR 0910). Production has no default. */
  KYC_PROVIDER: z.enum(['sandbox', 'stripe-identity']).optional(),
  /** Stripe Identity: the publishable key (`pk_live_...`) Stripe.js opens the check with (`preparation.kyc.environmentId`). */
  STRIPE_IDENTITY_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_live_... or pk_test_...)' })
    .optional(),
  /** Stripe Identity: the signing secret (`whsec_...`) of the endpoint receiving `identity.verification_session.*`; never logged. */
  STRIPE_IDENTITY_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_...)' })
    .optional(),
  /** Sandbox KYC: how long the person takes to complete an identity check (0 decides at once). */
  KYC_SANDBOX_COMPLETION_DELAY_MS: integer(0),
  /** Payouts: `sandbox` (staging's default) or `stripe` (payouts of a connected account; ADR 0911). Production has no default. */
  PAYOUT_RAIL: z.enum(['sandbox', 'stripe']).optional(),
  /** Stripe payouts: the connected account (`acct_...`) that pays out to its external bank accounts. */
  STRIPE_PAYOUT_ACCOUNT: z
    .string()
    .regex(/^acct_\w+$/, { error: 'must be a Stripe account id (acct_...)' })
    .optional(),
  /** Stripe payouts: the signing secret (`whsec_...`) of the Connect endpoint receiving `payout.*`; never logged. */
  STRIPE_PAYOUT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_...)' })
    .optional(),
  /** Pricing: `sandbox` (staging's default: a fixed market) or `coinbase` (spot prices; ADR 0912). Production has no default. */
  PRICE_SOURCE: z.enum(['sandbox', 'coinbase']).optional(),
  /** Coinbase: where its price API is (a local mock in tests). */
  COINBASE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.coinbase.com'),
  /** Pricing: a price older than this is never quoted on (asked again; 503 when the source is down). */
  PRICE_MAX_AGE_MS: integer(30_000, 1),
  /** Pricing: each request to the price source's timeout. */
  PRICE_TIMEOUT_MS: integer(5_000, 1),
  /** Sandbox payout rail: from acceptance to sending, and from sending to settling (or being returned). */
  PAYOUT_SANDBOX_SEND_DELAY_MS: integer(60_000),
  PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS: integer(900_000),
});

const ConfigSchema = ConfigShape.superRefine((config, context) => {
  // Node refuses headers given longer than the whole request; an idle limit under the handler's
  // time or the run stream's heartbeat would cut answers that are merely slow or quiet.
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    context.addIssue({
      code: 'custom',
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: `is ${config.HTTP_HEADERS_TIMEOUT_MS}: must be at most HTTP_REQUEST_TIMEOUT_MS (${config.HTTP_REQUEST_TIMEOUT_MS})`,
    });
  }
  if (config.HTTP_IDLE_TIMEOUT_MS <= Math.max(config.REQUEST_TIMEOUT_MS, config.AGENT_CHECKOUT_STREAM_HEARTBEAT_MS)) {
    context.addIssue({
      code: 'custom',
      path: ['HTTP_IDLE_TIMEOUT_MS'],
      message: 'must exceed REQUEST_TIMEOUT_MS and AGENT_CHECKOUT_STREAM_HEARTBEAT_MS',
    });
  }
});

export type AppConfig = Readonly<z.infer<typeof ConfigSchema>>;

/** Every variable the server reads (README's configuration tables name each one). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ConfigShape.shape);
export type AppConfigInput = Partial<Record<keyof AppConfig, string | number>>;

export class ConfigError extends Error {
  constructor(
    readonly problems: readonly string[],
    heading = 'Invalid configuration',
  ) {
    super(`${heading}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables whose value is a secret: a refusal names the variable, never the value. */
const SECRET_VARIABLES = new Set([
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_IDENTITY_WEBHOOK_SECRET',
  'STRIPE_PAYOUT_WEBHOOK_SECRET',
  'STRIPE_ISSUING_WEBHOOK_SECRET',
  'AGENT_CHECKOUT_MODEL_API_KEY',
]);

/** Reads the known variables from `env` (unset and empty mean "use the default"). */
export const loadConfig = (env: Readonly<Record<string, string | number | undefined>>): AppConfig => {
  const known = Object.fromEntries(
    Object.keys(ConfigShape.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(known, { error: describeIssue });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return SECRET_VARIABLES.has(name)
        ? `${issue.path.join('.')}: ${issue.message}`
        : `${issue.path.join('.')}=${JSON.stringify(known[name])}: ${issue.message}`;
    }),
  );
};

/** The problems a settings function refuses the configuration with (`cardProcessorSettingsOf`, ...), or none. */
export const problemsOf = (settingsOf: () => unknown): readonly string[] => {
  try {
    settingsOf();
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};
