import type { Scope } from '@paykit/platform';
import type { DeclaredRoute } from '../../../src/openapi/route-catalog.js';
import { routeKey } from './route-table.js';

/**
 * The routes reviewed as needing no key. A new public route fails here until someone decides it
 * should be one and adds it: a route open to anyone is a security decision, not a default.
 */
export const REVIEWED_PUBLIC_ROUTES = [
  'GET /health',
  'GET /ready',
  'GET /metrics',
  'GET /openapi.json',
  'GET /docs',
  'GET /docs/assets/:file',
  // The reference's test-mode section on its own page: public documentation, no data (ADR 0815).
  'GET /docs/test-mode',
  // The sandbox issuer's verification page stand-in (staging only; the id is the secret).
  'POST /unstable/card-verifications/:verificationId',
  // The card processor's webhooks: Stripe signs them (Stripe-Signature over the body, STRIPE_WEBHOOK_SECRET).
  'POST /webhooks/stripe',
  // Stripe Issuing's real-time authorization requests: Stripe signs them (STRIPE_ISSUING_WEBHOOK_SECRET).
  'POST /webhooks/stripe-issuing',
  // Stripe Identity's verification session events: Stripe signs them (STRIPE_IDENTITY_WEBHOOK_SECRET).
  'POST /webhooks/stripe-identity',
  // Stripe's payout events of the connected account (a Connect endpoint): Stripe signs them (STRIPE_PAYOUT_WEBHOOK_SECRET).
  'POST /webhooks/stripe-payouts',
  // The sandbox card network: a shop's processor asks the issuer (staging only; the card is the secret).
  'POST /sandbox/card-network/authorizations',
];

/** Where an order's client secret (raw in Authorization) stands in for the scope: the spec's process payment, and COMPAT's get order. */
export const ORDER_CLIENT_SECRET_ROUTES = [
  'GET /2022-06-09/orders/:orderId',
  'POST /2022-06-09/orders/:orderId/payment',
];

/**
 * What browser and app code (client keys) must never reach, whatever the scope catalogue says:
 * identity data, the order book, paying on the server's behalf, payout accounts, reports, webhooks.
 */
export const SERVER_ONLY_SCOPES: readonly Scope[] = [
  'users.create',
  'users.read',
  'orders.read',
  'orders.update',
  'payment-methods.create',
  'payment-methods.read',
  'payment-methods.delete',
  'reports.read',
  'webhooks.create',
  'webhooks.read',
  'webhooks.update',
  'webhooks.delete',
];

/**
 * The naming rule of the scope catalogue (`<resource>[.<sub-resource>][:<part>].<action>`, see
 * @paykit/platform SCOPES) as an oracle independent of what each route declares: the action
 * follows the HTTP method, and the resource names appear in the path. So a route declaring a
 * wrong scope (DELETE asking only for `.read`) fails here, while new routes need no edit.
 */
const ACTIONS_BY_METHOD: Readonly<Record<string, readonly string[]>> = {
  GET: ['read'],
  DELETE: ['delete'],
  PATCH: ['update'],
  PUT: ['create', 'update'],
  POST: ['create', 'update', 'sign', 'fund'],
};
/** Routes whose scope the spec (or the resource they serve) names otherwise, and why. */
export const NAMING_EXCEPTIONS: Readonly<Record<string, string>> = {
  'POST /2025-06-09/documents': 'the spec: upload user document needs users.create',
  'POST /unstable/card-tokens': 'a card token exists only to pay an order (orders.create)',
  'DELETE /2025-06-09/wallets/:walletLocator/signers/:signer':
    'removing a delegated signer changes who controls the wallet, as adding one does (wallets.create, ADR 0450)',
};
export const namingProblem = (route: DeclaredRoute, scope: Scope): string | null => {
  const action = scope.slice(scope.lastIndexOf('.') + 1);
  const resources = scope.slice(0, scope.lastIndexOf('.')).split(':')[0]!.split('.');
  const segments = route.pathWithinApp.split('/');
  if (!(ACTIONS_BY_METHOD[route.contract.method] ?? []).includes(action))
    return `${routeKey(route)}: ${scope}, but a ${route.contract.method} does not ${action}`;
  const missing = resources.filter((resource) => !segments.includes(resource));
  return missing.length === 0 ? null : `${routeKey(route)}: ${scope}, but the path names no ${missing.join(', ')}`;
};

/**
 * The spec's table of required scopes ("Authentication"), each on the route the spec names, with
 * a body the route would accept: the scope decides, whatever else the request holds.
 */
export type SpecRow = [operation: string, key: string, scope: Scope, body?: unknown];
export const SPEC_SCOPES: readonly SpecRow[] = [
  ['create wallet', 'POST /2025-06-09/wallets', 'wallets.create', { chainType: 'evm', type: 'mpc' }],
  [
    'get transfer transaction',
    'GET /2025-06-09/wallets/:walletLocator/tokens/:tokenLocator/transfers/:transactionId',
    'wallets:transactions.read',
  ],
  [
    'upload user document',
    'POST /2025-06-09/documents',
    'users.create',
    {
      data: `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`,
      documentType: 'id-passport',
      reference: { userLocator: 'userId:scope-table' },
      expiresAt: '2035-01-01',
    },
  ],
  ['list orders', 'GET /2022-06-09/orders', 'orders.read'],
  // Server keys need orders.update; orders.create is for a user's JWT under a client key.
  [
    'process payment (server-side key)',
    'POST /2022-06-09/orders/:orderId/payment',
    'orders.update',
    { type: 'crypto-tx-id', txId: `0x${'ab'.repeat(32)}` },
  ],
  [
    'delete browser profile',
    'DELETE /unstable/agent-checkouts/browser-profiles/:id',
    'agent-checkouts.browser-profiles.delete',
  ],
];
