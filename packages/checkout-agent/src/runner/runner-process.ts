import { CHECKOUT_RUN_STREAM_PREFIX } from '@paykit/checkout-runs';
import { type EventStore, supportsCompetingConsumers } from '@paykit/event-store';
import { type Clock, type IdGenerator, randomIds, systemClock } from '@paykit/kernel';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { agenticCheckoutStrategy } from '../agentic-checkout/agentic-checkout-strategy.js';
import { browserCheckoutStrategy, browserLocationGate } from '../browser/browser-checkout-strategy.js';
import type { BrowserSettings } from '../browser/browser-settings.js';
import { SharedChromium } from '../browser/shared-chromium.js';
import type { LiveView } from '../live-view/live-view-port.js';
import { ChatModel, type ChatModelSettings } from '../model/chat-model.js';
import { runBrowserOpener } from '../model/model-browser.js';
import { modelCheckoutStrategy } from '../model/model-strategy.js';
import { type CurrencyConverter, sameCurrencyOnly } from '../money/currency-converter.js';
import type { PaymentCredentials } from '../payment/payment-credentials.js';
import { type CardholderNameSource, RunCards } from '../payment/run-cards.js';
import { RunIndex } from '../queue/run-index.js';
import { RunCommands } from '../runs/run-commands.js';
import type { HttpTransport } from '../safety/pinned-transport.js';
import { SafeHttp } from '../safety/safe-http.js';
import { type Resolver, type UrlGuard, createUrlGuard } from '../safety/url-guard.js';
import { type BuyerProfileSource, type CheckoutStrategy, noBuyerProfiles } from '../strategy/strategy-port.js';
import type { AcpCredentials } from '../agentic-checkout/merchant-credentials.js';
import type { CardIssuerPort } from '@paykit/providers';
import { type RunnerLogger, silentLogger } from '../logger.js';
import { CheckoutRunner } from './runner.js';
import { RunSweeper } from './sweeper.js';

export interface RunnerProcessConfig {
  readonly store: EventStore;
  /** How the runner pays: card-vault tokens only. */
  readonly payment: PaymentCredentials;
  /** How long a token delegated to a merchant may be used (its allowance's expiry). Default 10 minutes. */
  readonly paymentTokenTtlMs?: number;
  /**
   * Issues the virtual card a run types into a shop's card form (docs/adr/0226), closed at every
   * ending by the session or the sweeper. None: runs cannot pay card forms.
   */
  readonly cardIssuer?: CardIssuerPort;
  /** How long a run's card stays open. Default 30 minutes. */
  readonly cardTtlMs?: number;
  /** The name on a card when the buyer profile has none (the project's); none by default. */
  readonly cardholderNames?: CardholderNameSource;
  /** The deployment's credentials for merchants' agentic-checkout APIs, by origin (`AGENT_CHECKOUT_ACP_CREDENTIALS`). */
  readonly acpCredentials?: AcpCredentials;
  /** Converts merchant totals into maxCost's currency (`pricingConverter` over the pricing port). */
  readonly converter?: CurrencyConverter;
  /** Where buyer profiles come from (the API's store); none by default. */
  readonly buyerProfiles?: BuyerProfileSource;
  /** `AGENT_CHECKOUT_ALLOWED_HOSTS`: hosts reachable although they resolve to private addresses. */
  readonly allowedHosts?: string | readonly string[];
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  readonly runnerId?: string;
  /** Runs worked on at once by this process. Default 4. */
  readonly concurrency?: number;
  /** Lease length. Default 30 s; renewed every third of it. */
  readonly leaseMs?: number;
  readonly renewEveryMs?: number;
  /** How often the sweeper looks for lapsed leases, spent budgets and expired questions. Default 5 s; 0 turns it off. */
  readonly sweepEveryMs?: number;
  /** How long a question to the user stays open. Default 15 min. */
  readonly inputTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly completeTimeoutMs?: number;
  /**
   * Checkout in headless Chromium on the merchant's own pages, after the agentic-checkout API
   * (one Chromium per process, a context per run; closed when the process stops). None by default.
   */
  readonly browser?: BrowserSettings;
  /** A chat model API (AGENT_CHECKOUT_MODEL_*) driving the browser, tried before the rule-based browser strategy; none by default. */
  readonly model?: ChatModelSettings;
  /** Replaces the default strategies (the agentic-checkout API, then the browser when configured). */
  readonly strategies?: (deps: {
    readonly ids: IdGenerator;
    readonly guard: UrlGuard;
    readonly chromium: SharedChromium | null;
  }) => readonly CheckoutStrategy[];
  /** DNS resolution for the URL guard; the system resolver by default. */
  readonly resolve?: Resolver;
  /** The HTTP exchange under the guard; node:http pinned to the checked addresses by default. */
  readonly transport?: HttpTransport;
  readonly logger?: RunnerLogger;
  /** Shows runs' attached browsers read-only (`LiveViewServer`); closed when the process stops. None by default. */
  readonly liveView?: LiveView;
}

/** The persistent subscription group every runner joins on EventStoreDB (docs/adr/0012). */
export const RUNNER_GROUP = 'checkout-runners';

export interface RunnerProcess {
  readonly runner: CheckoutRunner;
  readonly index: RunIndex;
  readonly sweeper: RunSweeper;
  /** Stops claiming, lets runs under way finish for up to `drainMs`, abandons the rest to their leases. */
  stop(options?: { readonly drainMs?: number }): Promise<void>;
  /** Stops at once, as a crash would (for tests of takeovers). */
  kill(): Promise<void>;
}

/**
 * Everything a runner needs, started: the run index following the store, a runner claiming
 * from it, and a sweeper. The API calls it for the in-process runner; a separate
 * `pnpm runner` entry calls it with its own store and configuration.
 */
export const startRunnerProcess = (config: RunnerProcessConfig): RunnerProcess => {
  const clock = config.clock ?? systemClock;
  const ids = config.ids ?? randomIds;
  const logger = config.logger ?? silentLogger;
  const leaseMs = config.leaseMs ?? 30_000;
  const commands = new RunCommands({ store: config.store, clock, ids });
  const index = new RunIndex(config.store, { logger }).start();
  const guard = createUrlGuard({
    ...(config.allowedHosts === undefined ? {} : { allowedHosts: config.allowedHosts }),
    ...(config.resolve ? { resolve: config.resolve } : {}),
  });
  const http = new SafeHttp({
    guard,
    ...(config.transport ? { transport: config.transport } : {}),
    ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}),
  });
  const browser = config.browser;
  const chromium = browser
    ? new SharedChromium({
        executablePath: browser.executablePath,
        ...(browser.chromiumArgs ? { args: browser.chromiumArgs } : {}),
      })
    : null;
  const strategies = config.strategies?.({ ids, guard, chromium }) ?? [
    ...(browser ? [browserLocationGate(browser)] : []),
    agenticCheckoutStrategy({
      ids,
      clock,
      credentials: config.acpCredentials ?? {},
      ...(config.requestTimeoutMs ? { requestTimeoutMs: config.requestTimeoutMs } : {}),
      ...(config.completeTimeoutMs ? { completeTimeoutMs: config.completeTimeoutMs } : {}),
    }),
    ...(browser && chromium && config.model
      ? [
          modelCheckoutStrategy({
            model: new ChatModel(config.model),
            openBrowser: runBrowserOpener({ settings: browser, chromium, guard, ids }),
          }),
        ]
      : []),
    ...(browser && chromium ? [browserCheckoutStrategy({ settings: browser, chromium, guard, ids })] : []),
  ];
  const cards = config.cardIssuer
    ? new RunCards({
        issuer: config.cardIssuer,
        clock,
        logger,
        ...(config.cardTtlMs ? { ttlMs: config.cardTtlMs } : {}),
      })
    : undefined;
  const concurrency = config.concurrency ?? 4;
  const store = config.store;
  const offers = supportsCompetingConsumers(store)
    ? store.competingConsumers({
        group: RUNNER_GROUP,
        streamNamePrefixes: [CHECKOUT_RUN_STREAM_PREFIX],
        bufferSize: concurrency,
      })
    : undefined;
  const runner = new CheckoutRunner({
    commands,
    index,
    clock,
    ids,
    runnerId: config.runnerId ?? `runner-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    concurrency,
    ...(offers ? { offers } : {}),
    leaseMs,
    renewEveryMs: config.renewEveryMs ?? Math.max(1, Math.floor(leaseMs / 3)),
    inputTimeoutMs: config.inputTimeoutMs ?? 15 * 60_000,
    strategies,
    buyerProfiles: config.buyerProfiles ?? noBuyerProfiles,
    http,
    converter: config.converter ?? sameCurrencyOnly,
    credentials: config.payment,
    ...(config.paymentTokenTtlMs ? { paymentTokenTtlMs: config.paymentTokenTtlMs } : {}),
    ...(cards ? { cards } : {}),
    ...(config.cardholderNames ? { cardholderNames: config.cardholderNames } : {}),
    logger,
    ...(config.liveView ? { liveView: config.liveView } : {}),
  }).start();
  const sweeper = new RunSweeper({ commands, index, clock, logger, ...(cards ? { cards } : {}) });
  const sweepEveryMs = config.sweepEveryMs ?? 5_000;
  if (sweepEveryMs > 0) sweeper.start(sweepEveryMs);
  const shutdown = async (stopRunner: () => Promise<void>) => {
    await sweeper.stop();
    await stopRunner();
    await chromium?.close();
    await config.liveView?.close();
    await index.close();
  };
  return {
    runner,
    index,
    sweeper,
    stop: (options) => shutdown(() => runner.stop(options)),
    kill: () => shutdown(() => runner.kill()),
  };
};
