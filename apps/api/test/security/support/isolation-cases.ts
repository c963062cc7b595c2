import type { Answer } from './route-table.js';
import {
  type ProjectResources,
  CHAIN,
  RUN_BODY,
  TOKEN,
  USER_LOCATOR,
  adminApproval,
  adminSignatureApproval,
} from './project-resources.js';

/** One request another project makes at a resource of ours: its path values, and what else it sends. */
export interface Probe {
  readonly params: Readonly<Record<string, string>>;
  readonly query?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * `not-found`: the resource is ours alone, so another project gets the 404 a missing one gets.
 * `its-own`: the path names something by a name each project gives its own users (a user locator),
 * so another project reaches its own namesake, never ours: `check` says how that shows.
 */
type Probes = (ours: ProjectResources, theirs: ProjectResources) => Probe[] | Promise<Probe[]>;
export type IsolationCase =
  | { readonly expect: 'not-found'; readonly probes: Probes }
  | { readonly expect: 'its-own'; readonly probes: Probes; check(answer: Answer): void };

/** Every way to name our wallet: its address (as written and in lowercase), its owner, and `me:`. */
const walletLocators = (ours: ProjectResources): string[] => [
  ours.walletAddress,
  ours.walletAddress.toLowerCase(),
  `${USER_LOCATOR}:evm:smart`,
  // Resolved from x-service-user-id: the other project sends the same user's name.
  'me:evm:smart',
];
const byWallet = (
  ours: ProjectResources,
  extra: Omit<Probe, 'params'> & { params?: Record<string, string> } = {},
): Probe[] => walletLocators(ours).map((walletLocator) => ({ ...extra, params: { walletLocator, ...extra.params } }));

const endpoint = (ours: ProjectResources) => ({ endpointId: ours.endpointId });
const deliveries = (ours: ProjectResources, theirs: ProjectResources) => [
  { params: { endpointId: ours.endpointId, messageId: ours.messageId } },
  { params: { endpointId: theirs.endpointId, messageId: ours.messageId } },
];
const run = (ours: ProjectResources) => ({ runId: ours.runId });
const notFound = (probes: Probes): IsolationCase => ({ expect: 'not-found', probes });

/**
 * How another project aims at each of our resources, for every route that takes an id in its
 * path (keyed `METHOD /path` as the route catalogue declares it). Writes carry bodies that would
 * succeed for us, so a missing project check would show as a change to our resource. Where a
 * path holds two ids, the other project also pairs one of its own with ours (its wallet, our
 * transaction), the way a lookup by the inner id alone would leak.
 */
export const ISOLATION_CASES: Readonly<Record<string, IsolationCase>> = {
  'GET /unstable/projects/:projectId': notFound((ours) => [{ params: { projectId: ours.projectId } }]),

  'GET /2025-06-09/wallets/:walletLocator': notFound((ours) => byWallet(ours)),
  'GET /2025-06-09/wallets/:walletLocator/balances': notFound((ours) => byWallet(ours, { query: 'tokens=usdc' })),
  'POST /v1-alpha2/wallets/:walletLocator/balances': notFound((ours) =>
    byWallet(ours, { body: { amount: 5, token: 'usdc', chain: CHAIN } }),
  ),
  'GET /2025-06-09/wallets/:walletLocator/transactions': notFound((ours) => byWallet(ours)),
  'GET /2025-06-09/wallets/:walletLocator/transactions/:transactionId': notFound((ours, theirs) => [
    ...byWallet(ours, { params: { transactionId: ours.transactionId } }),
    { params: { walletLocator: theirs.walletAddress, transactionId: ours.transactionId } },
  ]),
  'POST /2025-06-09/wallets/:walletLocator/transactions/:transactionId/approvals': notFound(async (ours, theirs) => [
    ...byWallet(ours, { params: { transactionId: ours.transactionId }, body: await adminApproval(ours) }),
    {
      params: { walletLocator: theirs.walletAddress, transactionId: ours.transactionId },
      body: await adminApproval(ours),
    },
  ]),
  'POST /2025-06-09/wallets/:walletLocator/tokens/:tokenLocator/transfers': notFound((ours) =>
    byWallet(ours, {
      params: { tokenLocator: TOKEN },
      body: { recipient: '0x000000000000000000000000000000000000bEEF', amount: '1' },
    }),
  ),
  'GET /2025-06-09/wallets/:walletLocator/tokens/:tokenLocator/transfers/:transactionId': notFound((ours, theirs) => [
    ...byWallet(ours, { params: { tokenLocator: TOKEN, transactionId: ours.transactionId } }),
    { params: { walletLocator: theirs.walletAddress, tokenLocator: TOKEN, transactionId: ours.transactionId } },
  ]),

  'POST /2025-06-09/wallets/:walletLocator/transactions': notFound((ours) =>
    byWallet(ours, { body: { params: { calls: [{ to: '0x000000000000000000000000000000000000bEEF', value: '0' }] } } }),
  ),
  'POST /2025-06-09/wallets/:walletLocator/signatures': notFound((ours) =>
    byWallet(ours, { body: { type: 'message', params: { message: 'hello', chain: CHAIN } } }),
  ),
  'GET /2025-06-09/wallets/:walletLocator/signatures/:signatureId': notFound((ours, theirs) => [
    ...byWallet(ours, { params: { signatureId: ours.signatureId } }),
    { params: { walletLocator: theirs.walletAddress, signatureId: ours.signatureId } },
  ]),
  'POST /2025-06-09/wallets/:walletLocator/signatures/:signatureId/approvals': notFound(async (ours, theirs) => [
    ...byWallet(ours, { params: { signatureId: ours.signatureId }, body: await adminSignatureApproval(ours) }),
    {
      params: { walletLocator: theirs.walletAddress, signatureId: ours.signatureId },
      body: await adminSignatureApproval(ours),
    },
  ]),
  'POST /2025-06-09/wallets/:walletLocator/signers': notFound((ours) =>
    byWallet(ours, { body: { signer: 'external-wallet:0x000000000000000000000000000000000000dEaD', chain: CHAIN } }),
  ),
  'GET /2025-06-09/wallets/:walletLocator/signers/:signer': notFound((ours) =>
    byWallet(ours, { params: { signer: `external-wallet:${ours.admin.address}` } }),
  ),
  'DELETE /2025-06-09/wallets/:walletLocator/signers/:signer': notFound((ours) =>
    byWallet(ours, { params: { signer: `external-wallet:${ours.admin.address}` } }),
  ),
  'GET /unstable/wallets/:walletLocator/transfers': notFound((ours) => byWallet(ours, { query: 'status=successful' })),
  'GET /2025-06-09/wallets/:walletLocator/nfts': notFound((ours) => [
    { params: { walletLocator: `${CHAIN}:${ours.walletAddress}` } },
  ]),

  // With our order's client secret too: the secret authorizes that order only within its own project.
  'GET /2022-06-09/orders/:orderId': notFound((ours) => [
    { params: { orderId: ours.orderId } },
    { params: { orderId: ours.orderId }, headers: { authorization: ours.clientSecret } },
  ]),
  'POST /2022-06-09/orders/:orderId/payment': notFound((ours) => [
    { params: { orderId: ours.orderId }, body: { type: 'crypto-tx-id', txId: `0x${'ab'.repeat(32)}` } },
    {
      params: { orderId: ours.orderId },
      body: { type: 'crypto-tx-id', txId: `0x${'ab'.repeat(32)}` },
      headers: { authorization: ours.clientSecret },
    },
  ]),

  'GET /unstable/payment-methods/:paymentMethodId': notFound((ours) => [
    { params: { paymentMethodId: ours.paymentMethodId } },
  ]),
  'DELETE /unstable/payment-methods/:paymentMethodId': notFound((ours) => [
    { params: { paymentMethodId: ours.paymentMethodId } },
  ]),

  'PUT /2025-06-09/users/:userLocator': {
    expect: 'its-own',
    probes: () => [
      {
        params: { userLocator: USER_LOCATOR },
        body: { userDetails: { firstName: 'Mallory', lastName: 'Other', dateOfBirth: '1980-01-01' } },
      },
    ],
    check: (answer) =>
      expect(answer.body).toMatchObject({ userLocator: USER_LOCATOR, userDetails: { firstName: 'Mallory' } }),
  },
  'PUT /2025-06-09/users/:userLocator/identity-verification': {
    expect: 'its-own',
    probes: () => [{ params: { userLocator: USER_LOCATOR } }],
    // Its namesake has no passport: the check cannot start (ours has everything it needs but a selfie).
    check: (answer) => expect(answer.status).toBeLessThan(500),
  },
  'GET /2025-06-09/users/:userLocator/identity-verification': {
    expect: 'its-own',
    probes: () => [{ params: { userLocator: USER_LOCATOR } }],
    check: (answer) => {
      expect(answer.status).toBe(200);
      expect(
        answer.body.eligibility.find((item: { type: string }) => item.type === 'onramp').missingDocuments,
      ).toContain('id-passport');
    },
  },
  'PUT /2025-06-09/users/:userLocator/linked-wallets/:address': {
    expect: 'its-own',
    probes: (ours) => [
      { params: { userLocator: USER_LOCATOR, address: ours.linkedAddress }, body: { chainType: 'evm' } },
    ],
    // Our user proved ownership; the other project's namesake is only challenged.
    check: (answer) =>
      expect(answer.body).toMatchObject({ ownership: { verified: false, verificationChallenge: expect.any(Object) } }),
  },

  'GET /2025-06-09/webhooks/endpoints/:endpointId': notFound((ours) => [{ params: endpoint(ours) }]),
  'PATCH /2025-06-09/webhooks/endpoints/:endpointId': notFound((ours) => [
    { params: endpoint(ours), body: { description: 'taken over' } },
  ]),
  'DELETE /2025-06-09/webhooks/endpoints/:endpointId': notFound((ours) => [{ params: endpoint(ours) }]),
  'POST /2025-06-09/webhooks/endpoints/:endpointId/rotate-secret': notFound((ours) => [{ params: endpoint(ours) }]),
  'GET /2025-06-09/webhooks/endpoints/:endpointId/deliveries': notFound((ours) => [{ params: endpoint(ours) }]),
  'GET /2025-06-09/webhooks/endpoints/:endpointId/deliveries/:messageId': notFound(deliveries),
  'POST /2025-06-09/webhooks/endpoints/:endpointId/deliveries/:messageId/redeliver': notFound(deliveries),

  'GET /unstable/agent-checkouts/:runId': notFound((ours) => [{ params: run(ours) }]),
  'POST /unstable/agent-checkouts/:runId/cancel': notFound((ours) => [{ params: run(ours) }]),
  'GET /unstable/agent-checkouts/:runId/messages': notFound((ours) => [{ params: run(ours) }]),
  'POST /unstable/agent-checkouts/:runId/messages': notFound((ours) => [
    { params: run(ours), body: { id: 'from-another-project', parts: [{ type: 'text', text: 'Red instead' }] } },
  ]),
  'GET /unstable/agent-checkouts/:runId/messages/stream': notFound((ours) => [{ params: run(ours) }]),

  'GET /unstable/agent-checkouts/buyer-profiles/:id': notFound((ours) => [{ params: { id: ours.buyerProfileId } }]),
  'PATCH /unstable/agent-checkouts/buyer-profiles/:id': notFound((ours) => [
    { params: { id: ours.buyerProfileId }, body: { label: 'taken over' } },
  ]),
  'DELETE /unstable/agent-checkouts/buyer-profiles/:id': notFound((ours) => [{ params: { id: ours.buyerProfileId } }]),
  'GET /unstable/agent-checkouts/browser-profiles/:id': notFound((ours) => [{ params: { id: ours.browserProfileId } }]),
  'PATCH /unstable/agent-checkouts/browser-profiles/:id': notFound((ours) => [
    { params: { id: ours.browserProfileId }, body: { label: 'taken over' } },
  ]),
  'DELETE /unstable/agent-checkouts/browser-profiles/:id': notFound((ours) => [
    { params: { id: ours.browserProfileId } },
  ]),
};

/** What we read of our own resources: after another project's attempts, every answer is as before. */
export const ownReads = (ours: ProjectResources): [method: string, path: string, body?: unknown][] => {
  const wallet = `/2025-06-09/wallets/${ours.walletAddress}`;
  const endpointPath = `/2025-06-09/webhooks/endpoints/${ours.endpointId}`;
  return [
    ['GET', `/unstable/projects/${ours.projectId}`],
    ['GET', wallet],
    ['GET', `${wallet}/balances?tokens=usdc&chains=${CHAIN}`],
    ['GET', `${wallet}/transactions`],
    ['GET', `${wallet}/transactions/${ours.transactionId}`],
    ['GET', `/2022-06-09/orders/${ours.orderId}`],
    ['GET', `/unstable/payment-methods/${ours.paymentMethodId}`],
    ['GET', `/2025-06-09/users/${USER_LOCATOR}/identity-verification`],
    // Asked again, a proven link answers its state without a new challenge.
    ['PUT', `/2025-06-09/users/${USER_LOCATOR}/linked-wallets/${ours.linkedAddress}`, { chainType: 'evm' }],
    ['GET', endpointPath],
    ['GET', `${endpointPath}/deliveries`],
    ['GET', `${endpointPath}/deliveries/${ours.messageId}`],
    ['GET', `/unstable/agent-checkouts/${ours.runId}`],
    ['GET', `/unstable/agent-checkouts/${ours.runId}/messages`],
    ['GET', `/unstable/agent-checkouts/buyer-profiles/${ours.buyerProfileId}`],
    ['GET', `/unstable/agent-checkouts/browser-profiles/${ours.browserProfileId}`],
  ];
};

/**
 * Requests without an id in the path whose body names one of our resources, and the 400 code
 * another project gets: our resource is, to it, one that does not exist.
 */
export const bodyReferences = (ours: ProjectResources): [what: string, path: string, body: unknown, code: string][] => [
  [
    'an onramp delivered to our user’s wallet',
    '/2022-06-09/orders',
    {
      recipient: { walletAddress: ours.walletAddress },
      payment: { method: 'card', currency: 'usd' },
      lineItems: [{ tokenLocator: TOKEN, executionParameters: { amount: '5' } }],
    },
    'recipient_not_a_user',
  ],
  [
    'an offramp paid out to our user’s bank account',
    '/2022-06-09/orders',
    {
      recipient: { paymentMethodId: ours.paymentMethodId },
      payment: { method: CHAIN, currency: 'usdc', payerAddress: ours.walletAddress },
      lineItems: { currencyLocator: 'fiat:usd', executionParameters: { amount: '5' } },
    },
    'payment_method_not_found',
  ],
  [
    'a run with our buyer profile',
    '/unstable/agent-checkouts',
    { ...RUN_BODY, buyerProfileId: ours.buyerProfileId },
    'buyer_profile_not_found',
  ],
  [
    'a run in our browser profile',
    '/unstable/agent-checkouts',
    { ...RUN_BODY, browser: { profileId: ours.browserProfileId } },
    'browser_profile_not_found',
  ],
];
