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
export { discoverAgenticCheckout, readDiscoveryDocument, type AcpEndpoint, type AcpDialect } from './agentic-checkout/discovery.js';
export { productsOnPage, type PageProduct, type ProductVariant } from './merchant-page/structured-data.js';
export { readTask, type TaskHints } from './merchant-page/task-hints.js';

// Money and payment.
export * from './money/currency-converter.js';
export * from './money/minor-units.js';
export * from './payment/payment-credentials.js';

// Queue, runners, sweeper, and the process that runs them.
export * from './runs/run-commands.js';
export * from './queue/run-index.js';
export * from './logger.js';
export { CheckoutRunner, type RunnerOptions } from './runner/runner.js';
export { RunSweeper, type SweepReport, type SweeperOptions } from './runner/sweeper.js';
export * from './runner/runner-process.js';
export * from './runner/runner-settings.js';
