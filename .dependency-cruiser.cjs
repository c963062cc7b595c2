/**
 * Import rules checked in CI (`pnpm depcheck`): the dependency direction of ARCHITECTURE.md.
 * apps -> (contracts, projections, providers, checkout-agent, event-store) -> domain -> kernel.
 */
const DOMAIN =
  '^packages/(kernel|orders|wallets|transfers|checkout-runs|identity|agent-profiles|webhooks)/src|^packages/platform/src/domain';
const IO_AND_FRAMEWORKS =
  '^(@nestjs|fastify|better-sqlite3|@eventstore|@grpc|playwright-core|pino|zod|ws)(/|$)|^node:(fs|net|http|https|child_process|dgram|dns|tls|worker_threads)$|^(fs|net|http|https|child_process)$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle (type-only imports included) ties modules that should be one or be layered.',
      severity: 'error',
      from: { path: '^(apps|packages|tools)/[^/]+/src' },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'Domain packages import no framework, no I/O and no other layer: deciders are pure functions.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: IO_AND_FRAMEWORKS },
    },
    {
      name: 'domain-imports-domain-only',
      comment: 'A domain package never imports an adapter, a read model, the HTTP contracts or an app.',
      severity: 'error',
      from: { path: DOMAIN },
      to: {
        path: '^(apps|tools)/|^packages/(contracts|event-store|projections|reconciliation|providers|checkout-agent)/|^@paykit/(api|contracts|event-store|projections|reconciliation|providers|checkout-agent)$',
      },
    },
    {
      name: 'no-undeclared-imports',
      comment:
        'A module a package imports but does not declare in its package.json (it resolves only by accident, or not at all).',
      severity: 'error',
      from: { path: '^(apps|packages|tools)/[^/]+/src' },
      to: { couldNotResolve: true },
    },
    {
      name: 'infrastructure-does-not-import-features',
      comment:
        "apps/api's infrastructure (store, read models, secrets) is below the features; features register themselves with it.",
      severity: 'error',
      from: { path: '^apps/api/src/(infrastructure|http|observability|config)/' },
      to: {
        path: '^apps/api/src/(agent-checkouts|documents|orders|payment-methods|reports|tokens|users|wallets|webhooks)/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test)/|\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@paykit/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
