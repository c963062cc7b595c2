// Safety: the URL guard (reused by webhooks) and the guarded HTTP client every run uses.
export * from './safety/ip-address.js';
export * from './safety/allowed-hosts.js';
export * from './safety/url-guard.js';
export * from './safety/http-errors.js';
export * from './safety/pinned-transport.js';
export * from './safety/safe-http.js';

// The strategy port.
export * from './strategy/strategy-port.js';
export * from './strategy/run-stopped.js';
export * from './strategy/strategy-errors.js';
export * from './strategy/select-strategy.js';

// The first strategy: the merchant's agentic-checkout (ACP) API.
export { agenticCheckoutStrategy, type AgenticCheckoutOptions } from './agentic-checkout/agentic-checkout-strategy.js';
export { discoverAgenticCheckout, readDiscoveryDocument, type AcpEndpoint } from './agentic-checkout/discovery.js';
export { SPOKEN_VERSIONS as ACP_SPOKEN_VERSIONS, type AcpVersion } from './agentic-checkout/protocol/version-shapes.js';
export {
  parseAcpCredentials,
  type AcpCredentials,
  type AcpMerchantCredential,
} from './agentic-checkout/merchant-credentials.js';
export { productsOnPage, type PageProduct, type ProductVariant } from './merchant-page/structured-data.js';
export { readTask, type TaskHints } from './merchant-page/task-hints.js';

// The browser strategy: the merchant's own pages in headless Chromium.
export {
  browserCheckoutStrategy,
  browserLocationGate,
  type BrowserStrategyOptions,
} from './browser/browser-checkout-strategy.js';
export type { BrowserSettings } from './browser/browser-settings.js';
export type { BrowserProfileStore, BrowserStorageState, ProfileUse } from './browser/profile-store.js';
export { SharedChromium, type ChromiumOptions } from './browser/shared-chromium.js';
export { parseProxyList } from './browser/egress/proxy-list.js';
export { startGuardProxy, type GuardProxy, type GuardProxyOptions } from './browser/egress/guard-proxy.js';

// Money and payment.
export * from './money/currency-converter.js';
export * from './money/minor-units.js';
export * from './payment/payment-credentials.js';
export * from './payment/allowance.js';
export * from './payment/run-cards.js';
export * from './payment/card-outcomes.js';

// Queue, runners, sweeper, and the process that runs them.
export * from './runs/run-commands.js';
export * from './queue/run-index.js';
export * from './logger.js';
export { CheckoutRunner, type RunnerOptions } from './runner/runner.js';
export { RunSweeper, type SweepReport, type SweeperOptions } from './runner/sweeper.js';
export * from './runner/runner-process.js';
export * from './runner/runner-settings.js';

// The live view: a run's browser shown read-only behind a signed, short-lived token.
export * from './live-view/live-view-port.js';
export { LiveViewServer, type LiveViewServerOptions } from './live-view/live-view-server.js';
export * from './live-view/viewer-token.js';
export { readRunRecord, type RecordedStep, type RunRecord } from './live-view/recorded-steps.js';

// The model-driven strategy (off unless a model API is configured).
export { ChatModel, ModelError, type ChatModelSettings } from './model/chat-model.js';
export {
  modelCheckoutStrategy,
  type ModelBrowser,
  type ModelStrategyOptions,
  type OpenModelBrowser,
} from './model/model-strategy.js';
