import {
  parseAcpCredentials,
  type RunnerLogger,
  type RunnerProcessConfig,
  pricingConverter,
  referenceItemFor,
  sandboxTestCard,
  vaultedCardCredentials,
} from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { type BlobStore, type CardIssuerPort, SandboxCardVault, SandboxPricing } from '@paykit/providers';
import type { AppConfig } from '../../config/config.js';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import type { ErasableKeys } from '../../infrastructure/secrets/erasable-keys.js';
import { browserRunnerConfig } from '../browser-profiles/browser-runner.config.js';
import { BuyerProfiles } from '../buyer-profiles/buyer-profiles.js';
import { liveViewConfig } from '../live-view/live-view-server.config.js';
import { buyerProfilesFromStore } from './buyer-profile-source.js';
import { projectNamesFromStore } from './cardholder-names.js';

export interface RunnerDependencies {
  readonly store: EventStore;
  /** How the runner's profile sources read the profiles' and runs' streams. */
  readonly aggregates: Aggregates;
  /** The buyer profiles' data keys (ADR 0509), to open a profile's details. */
  readonly dataKeys: ErasableKeys;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: RunnerLogger;
  /** Checks the live view's viewer tokens: the key the API signs them with (live-view/live-view-key.ts). */
  readonly liveViewKey: () => Buffer;
  /** The agent checkouts' encrypted blob store (AGENT_CHECKOUT_BLOBS): saved browser profiles, screenshots, protected answers. */
  readonly blobs: BlobStore;
  /** Issues the virtual card a run pays a shop's card form with (CARD_ISSUER; card-issuing/). */
  readonly cardIssuer: CardIssuerPort;
}

/**
 * The one place a runner is configured, for the in-process runner and `pnpm runner` alike: the
 * strategies (startRunnerProcess's default order: the merchant's agentic-checkout API first, then
 * its web pages in the browser), the sandbox providers (pricing
 * for currency conversion, the card vault that tokenizes the sandbox's approved test card), the
 * card issuer of virtual cards (docs/adr/0226),
 * buyer profiles from the store, the URL guard's allow-list, and the AGENT_CHECKOUT_* timings.
 */
export const runnerConfig = (config: AppConfig, deps: RunnerDependencies): RunnerProcessConfig => {
  const { store, clock, ids, logger } = deps;
  return {
    store,
    clock,
    ids,
    logger,
    payment: vaultedCardCredentials({ vault: new SandboxCardVault({ clock, ids }), card: sandboxTestCard(clock) }),
    // Shops' own card forms: a virtual card per payment attempt, named after the buyer or the project.
    cardIssuer: deps.cardIssuer,
    cardholderNames: projectNamesFromStore(store),
    // Merchants' agentic-checkout APIs: the bearer token (and signing key) per merchant, and how long a delegated token lasts.
    acpCredentials: parseAcpCredentials(config.AGENT_CHECKOUT_ACP_CREDENTIALS),
    paymentTokenTtlMs: config.AGENT_CHECKOUT_PAYMENT_TOKEN_TTL_MS,
    converter: pricingConverter(new SandboxPricing({ environment: config.APP_ENV }), {
      referenceItem: referenceItemFor(config.APP_ENV),
    }),
    buyerProfiles: buyerProfilesFromStore(new BuyerProfiles(deps.aggregates, deps.dataKeys)),
    allowedHosts: config.AGENT_CHECKOUT_ALLOWED_HOSTS,
    concurrency: config.AGENT_CHECKOUT_RUNNER_CONCURRENCY,
    leaseMs: config.AGENT_CHECKOUT_LEASE_MS,
    sweepEveryMs: config.AGENT_CHECKOUT_SWEEP_MS,
    inputTimeoutMs: config.AGENT_CHECKOUT_INPUT_TIMEOUT_MS,
    requestTimeoutMs: config.AGENT_CHECKOUT_REQUEST_TIMEOUT_MS,
    completeTimeoutMs: config.AGENT_CHECKOUT_COMPLETE_TIMEOUT_MS,
    ...liveViewConfig(config, { store, clock, logger, tokenKey: deps.liveViewKey }),
    // The model-driven strategy: only with a model API configured (and the browser, which it drives).
    ...(config.AGENT_CHECKOUT_MODEL_URL
      ? {
          model: {
            baseUrl: config.AGENT_CHECKOUT_MODEL_URL,
            model: config.AGENT_CHECKOUT_MODEL,
            timeoutMs: config.AGENT_CHECKOUT_MODEL_TIMEOUT_MS,
            ...(config.AGENT_CHECKOUT_MODEL_API_KEY ? { apiKey: config.AGENT_CHECKOUT_MODEL_API_KEY } : {}),
          },
        }
      : {}),
    ...browserRunnerConfig(config, { aggregates: deps.aggregates, blobs: deps.blobs }),
  };
};
