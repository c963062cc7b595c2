import type { Scope } from '@paykit/platform';

/**
 * Scope names that routes declare (`@Route({ scope: Scopes.walletsCreate })`). The catalog,
 * with a description of each scope and whether client keys may hold it, is defined once in
 * @paykit/platform (SCOPES); this map only gives each scope a name to type.
 */
export const Scopes = {
  projectsRead: 'projects.read',
  walletsCreate: 'wallets.create',
  walletsRead: 'wallets.read',
  walletsFund: 'wallets.fund',
  walletsBalanceRead: 'wallets:balance.read',
  walletsTransactionsCreate: 'wallets:transactions.create',
  walletsTransactionsRead: 'wallets:transactions.read',
  walletsTransactionsSign: 'wallets:transactions.sign',
  walletsSignaturesCreate: 'wallets:signatures.create',
  walletsSignaturesRead: 'wallets:signatures.read',
  usersCreate: 'users.create',
  usersRead: 'users.read',
  ordersCreate: 'orders.create',
  ordersRead: 'orders.read',
  ordersUpdate: 'orders.update',
  paymentMethodsCreate: 'payment-methods.create',
  paymentMethodsRead: 'payment-methods.read',
  paymentMethodsDelete: 'payment-methods.delete',
  tokensRead: 'tokens.read',
  agentCheckoutsCreate: 'agent-checkouts.create',
  agentCheckoutsRead: 'agent-checkouts.read',
  agentCheckoutsUpdate: 'agent-checkouts.update',
  agentCheckoutsBrowserProfilesCreate: 'agent-checkouts.browser-profiles.create',
  agentCheckoutsBrowserProfilesRead: 'agent-checkouts.browser-profiles.read',
  agentCheckoutsBrowserProfilesUpdate: 'agent-checkouts.browser-profiles.update',
  agentCheckoutsBrowserProfilesDelete: 'agent-checkouts.browser-profiles.delete',
  agentCheckoutsBuyerProfilesCreate: 'agent-checkouts.buyer-profiles.create',
  agentCheckoutsBuyerProfilesRead: 'agent-checkouts.buyer-profiles.read',
  agentCheckoutsBuyerProfilesUpdate: 'agent-checkouts.buyer-profiles.update',
  agentCheckoutsBuyerProfilesDelete: 'agent-checkouts.buyer-profiles.delete',
  reportsRead: 'reports.read',
  webhooksCreate: 'webhooks.create',
  webhooksRead: 'webhooks.read',
  webhooksUpdate: 'webhooks.update',
  webhooksDelete: 'webhooks.delete',
} as const satisfies Record<string, Scope>;

/** A scope a route can require: only a scope of the catalog, so a typo fails to compile. */
export type ScopeName = Scope;

// Compile-time check that every scope of the catalog has a name above.
type Unnamed = Exclude<Scope, (typeof Scopes)[keyof typeof Scopes]>;
const everyScopeNamed: [Unnamed] extends [never] ? true : Unnamed = true;
void everyScopeNamed;
