// The API's rule-bearing wiring that `pnpm mutation` mutates (issue 19): each target names the
// files whose rules it mutates and the few test files that exercise them, so a mutant runs a
// handful of HTTP test files (each boots a server), not the whole API suite. `perTest` coverage
// narrows that further to the tests that reached the mutant. Paths are relative to `dir`.

/** @type {Record<string, { dir: string, mutate: string[], tests: string[] }>} */
export const API_TARGETS = {
  'api-auth': {
    dir: 'apps/api',
    mutate: [
      'src/auth/authenticator.ts',
      'src/auth/auth.guard.ts',
      'src/auth/ttl-cache.ts',
      'src/auth/auth-errors.ts',
      'src/auth/jwt/*.ts',
      'src/http/access.decorators.ts',
    ],
    tests: [
      'test/auth.e2e.test.ts',
      'test/auth-jwt.e2e.test.ts',
      'test/auth-ttl-cache.test.ts',
      'test/auth-answers.e2e.test.ts',
      'test/security/route-scopes.e2e.test.ts',
    ],
  },
  'api-limits': {
    dir: 'apps/api',
    mutate: ['src/orders/limits/*.ts'],
    tests: [
      'test/orders/purchase-limit-history.e2e.test.ts',
      'test/orders/create-order-validation.e2e.test.ts',
      'test/orders/purchases-projection.test.ts',
    ],
  },
  'api-idempotency': {
    dir: 'apps/api',
    mutate: ['src/http/idempotency/*.ts', '!src/http/idempotency/handles-idempotency-key.decorator.ts'],
    tests: [
      'test/idempotency.e2e.test.ts',
      'test/idempotency/failure-outcomes.e2e.test.ts',
      'test/wallets/create-wallet.e2e.test.ts',
      'test/idempotency/sealed-records.e2e.test.ts',
      'test/idempotency/claims.e2e.test.ts',
    ],
  },
  'api-webhooks': {
    dir: 'apps/api',
    mutate: [
      'src/webhooks/delivery/*.ts',
      '!src/webhooks/delivery/webhook-delivery.aggregate.ts',
      'src/webhooks/endpoints/endpoint-secrets.ts',
      'src/webhooks/endpoints/webhook-endpoints.ts',
    ],
    tests: [
      'test/webhooks/delivery.e2e.test.ts',
      'test/webhooks/secret-rotation.e2e.test.ts',
      'test/webhooks/endpoints.e2e.test.ts',
      'test/webhooks/restart.e2e.test.ts',
      'test/webhooks/webhook-rules.e2e.test.ts',
    ],
  },
  // The agent's payment step: the allowance a delegated token carries, the currency conversion
  // the max-cost guard uses, and the run context that declares a payment (startPayment refuses a
  // total above maxCost) and hands out the card token. Runs without Chromium (the model and browser
  // strategies' suites launch it: far too slow per mutant).
  'checkout-agent': {
    dir: 'packages/checkout-agent',
    mutate: ['src/payment/*.ts', 'src/money/*.ts', 'src/runner/run-context.ts'],
    tests: [
      'test/runner/checkout-outcomes.test.ts',
      'test/runner/claims-and-settings.test.ts',
      'test/runner/run-lifecycle.test.ts',
      'test/agentic-checkout/delegated-payment.test.ts',
      'test/agentic-checkout/conformance-runs.test.ts',
      'test/runner/strategy-context.test.ts',
    ],
  },
};
