/**
 * Every API scope, defined once. Names follow `<resource>[:<sub-resource>].<action>`; the
 * spec's own scopes (wallets.create, wallets:transactions.read, users.create, orders.read,
 * orders.update, orders.create, agent-checkouts.browser-profiles.delete) keep their spelling.
 * `clientSide` scopes may be held by client keys (browser or app code acting for a signed-in
 * user under a JWT); the others are server-only, and a client key never reaches them.
 */
export interface ScopeDefinition {
  readonly description: string;
  readonly clientSide: boolean;
  /** Granted to every key whatever its scopes (a key may always read its own project). */
  readonly heldByEveryKey?: boolean;
}

export const SCOPES = {
  'projects.read': {
    description: "Read the caller's own project; every key holds it",
    clientSide: true,
    heldByEveryKey: true,
  },
  'wallets.create': { description: 'Create wallets', clientSide: true },
  'wallets.read': { description: 'Read wallets', clientSide: true },
  'wallets.fund': { description: 'Fund staging wallets from the test faucet', clientSide: true },
  'wallets:balance.read': { description: 'Read wallet balances', clientSide: true },
  'wallets:transactions.create': { description: 'Send tokens and create wallet transactions', clientSide: true },
  'wallets:transactions.read': { description: 'Read wallet transactions and transfers', clientSide: true },
  'wallets:transactions.sign': {
    description: 'Submit approvals (signatures) for wallet transactions',
    clientSide: true,
  },
  'wallets:signatures.create': { description: 'Request message and typed-data signatures', clientSide: true },
  'wallets:signatures.read': { description: 'Read signature requests', clientSide: true },
  'users.create': { description: 'Create and update users, their KYC data and documents', clientSide: false },
  'users.read': { description: 'Read users and their verification status', clientSide: false },
  'orders.create': { description: 'Create orders and pay them', clientSide: true },
  'orders.read': { description: 'Read and list orders', clientSide: false },
  'orders.update': { description: 'Process payments and update orders', clientSide: false },
  'payment-methods.create': { description: 'Save payout bank accounts', clientSide: false },
  'payment-methods.read': { description: 'Read saved payout methods', clientSide: false },
  'payment-methods.delete': { description: 'Delete saved payout methods', clientSide: false },
  'tokens.read': { description: 'List supported tokens', clientSide: true },
  'agent-checkouts.create': { description: 'Start agent checkout runs', clientSide: true },
  'agent-checkouts.read': { description: 'Read agent checkout runs, messages and streams', clientSide: true },
  'agent-checkouts.update': { description: 'Cancel runs and answer their messages', clientSide: true },
  'agent-checkouts.browser-profiles.create': { description: 'Create browser profiles', clientSide: true },
  'agent-checkouts.browser-profiles.read': { description: 'Read browser profiles', clientSide: true },
  'agent-checkouts.browser-profiles.update': { description: 'Rename browser profiles', clientSide: true },
  'agent-checkouts.browser-profiles.delete': {
    description: 'Delete browser profiles and erase their state',
    clientSide: true,
  },
  'agent-checkouts.buyer-profiles.create': { description: 'Create buyer profiles', clientSide: true },
  'agent-checkouts.buyer-profiles.read': { description: 'Read buyer profiles', clientSide: true },
  'agent-checkouts.buyer-profiles.update': { description: 'Update buyer profiles', clientSide: true },
  'agent-checkouts.buyer-profiles.delete': { description: 'Delete buyer profiles', clientSide: true },
  'reports.read': { description: 'Read reconciliation and activity reports', clientSide: false },
  'webhooks.create': { description: 'Register webhook endpoints', clientSide: false },
  'webhooks.read': { description: 'Read webhook endpoints and deliveries', clientSide: false },
  'webhooks.update': { description: 'Update webhook endpoints and replay deliveries', clientSide: false },
  'webhooks.delete': { description: 'Delete webhook endpoints', clientSide: false },
} as const satisfies Record<string, ScopeDefinition>;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES: readonly Scope[] = Object.keys(SCOPES) as Scope[];

/** What a client key holds unless told otherwise: every scope a client key may hold. */
export const CLIENT_DEFAULT_SCOPES: readonly Scope[] = ALL_SCOPES.filter((scope) => SCOPES[scope].clientSide);

export const isScope = (value: string): value is Scope => Object.hasOwn(SCOPES, value);

export const isClientSideScope = (scope: Scope): boolean => SCOPES[scope].clientSide;

/** Whether a key granted `granted` may use a route requiring `scope`. */
export const grantIncludes = (granted: ReadonlySet<string> | readonly string[], scope: Scope): boolean =>
  (SCOPES[scope] as ScopeDefinition).heldByEveryKey === true ||
  (granted instanceof Set ? granted.has(scope) : (granted as readonly string[]).includes(scope));
