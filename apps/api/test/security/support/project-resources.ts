import { usBankAccount } from '../../support/bank-account.js';
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { type Hex } from 'viem';
import { type PrivateKeyAccount, generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { JsonResponse } from '../../support/http-client.js';
import { type WebhookReceiver } from '../../webhooks/support/webhook-receiver.js';
import { type TestProject, type WalletServer, pollUntil } from '../../wallets/wallet-server.js';

/** The user A's resources belong to; B's belong to another, so B's namesake of A's user has nothing. */
export const SERVICE_USER = 'alice';
export const USER_LOCATOR = `userId:${SERVICE_USER}`;
export const CHAIN = 'base-sepolia';
export const TOKEN = `${CHAIN}:usdc`;

export const DETAILS = {
  userDetails: { firstName: 'Ana', lastName: 'Lima', dateOfBirth: '1990-04-12', countryOfResidence: 'us' },
  kycData: { address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' } },
};
export const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;
export const BANK_ACCOUNT = usBankAccount('Ana Lima');
export const RUN_BODY = {
  constraints: { maxCost: { amount: '50', currency: 'USD' } },
  request: { startUrl: 'http://127.0.0.1:9/products/mug' },
};

/** One resource of every kind, made in one project over HTTP, and what another project needs to aim at them. */
export interface ProjectResources {
  readonly projectId: string;
  /** A smart EVM wallet of `userId:<user>` whose transfers wait for `admin`'s approval. */
  readonly walletAddress: string;
  readonly admin: PrivateKeyAccount;
  /** A transfer from the wallet, awaiting approval, and the message the admin signs to approve it. */
  readonly transactionId: string;
  readonly approvalMessage: string;
  /** A message signature from the wallet, awaiting the admin, and the message the admin signs to approve it. */
  readonly signatureId: string;
  readonly signatureMessage: string;
  readonly orderId: string;
  readonly clientSecret: string;
  readonly paymentMethodId: string;
  /** An external wallet whose ownership the user proved. */
  readonly linkedAddress: string;
  readonly endpointId: string;
  /** A delivery of the run's first update to the endpoint, delivered. */
  readonly messageId: string;
  readonly runId: string;
  readonly buyerProfileId: string;
  readonly browserProfileId: string;
}

export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<JsonResponse<any>>;

/** Calls as `project`'s server key acting for `user` (who owns the runs and profiles). */
export const callerOf =
  (api: WalletServer, project: TestProject, user = SERVICE_USER): Caller =>
  (method, path, body, headers = {}) =>
    api.call(project.serverKey, method, path, body, { 'x-service-user-id': user, ...headers });

const created = (what: string, response: JsonResponse<any>, status = 201): any => {
  if (response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${response.status} ${response.text}`);
  return response.body;
};

/**
 * Makes one of each resource kind in `project` for `user`, as an integrator would over HTTP, and
 * waits until each has settled (the delivery delivered), so that reading them again later shows
 * any change another caller made.
 */
export const makeProjectResources = async (
  api: WalletServer,
  project: TestProject,
  receiver: WebhookReceiver,
  user = SERVICE_USER,
): Promise<ProjectResources> => {
  const call = callerOf(api, project, user);
  const userLocator = `userId:${user}`;
  const admin = privateKeyToAccount(generatePrivateKey());
  const wallet = created(
    'wallet',
    await call('POST', '/2025-06-09/wallets', {
      chainType: 'evm',
      owner: userLocator,
      config: { adminSigner: { type: 'external-wallet', address: admin.address } },
    }),
  );
  created(
    'faucet',
    await call('POST', `/v1-alpha2/wallets/${wallet.address}/balances`, { amount: 10, token: 'usdc', chain: CHAIN }),
  );
  const transfer = created(
    'transfer',
    await call('POST', `/2025-06-09/wallets/${wallet.address}/tokens/${TOKEN}/transfers`, {
      recipient: '0x000000000000000000000000000000000000bEEF',
      amount: '1',
    }),
  );
  const approvalMessage = transfer.approvals.pending[0].message as string;
  const signature = created(
    'signature',
    await call('POST', `/2025-06-09/wallets/${wallet.address}/signatures`, {
      type: 'message',
      params: { message: 'hello', chain: CHAIN },
    }),
  );

  created('user details', await call('PUT', `/2025-06-09/users/${userLocator}`, DETAILS), 200);
  created(
    'document',
    await call('POST', '/2025-06-09/documents', {
      data: PNG,
      documentType: 'id-passport',
      reference: { userLocator },
      expiresAt: '2035-01-01',
    }),
  );
  const linked = privateKeyToAccount(generatePrivateKey());
  const linkPath = `/2025-06-09/users/${userLocator}/linked-wallets/${linked.address}`;
  const challenge = created('link challenge', await call('PUT', linkPath, { chainType: 'evm' }), 200).ownership
    .verificationChallenge;
  const proof = await linked.signMessage({ message: challenge.message });
  created('link proof', await call('PUT', linkPath, { chainType: 'evm', proof }), 200);

  const order = created(
    'order',
    await call('POST', '/2022-06-09/orders', {
      recipient: { walletAddress: wallet.address },
      payment: { method: 'card', currency: 'usd', receiptEmail: 'ana@example.com' },
      lineItems: [{ tokenLocator: TOKEN, executionParameters: { amount: '20', maxSlippageBps: '100' } }],
    }),
  );
  const paymentMethod = created(
    'payment method',
    await call('POST', '/unstable/payment-methods', {
      type: 'bank-account-us',
      userLocator,
      bankAccount: BANK_ACCOUNT,
    }),
  );

  const endpoint = created(
    'webhook endpoint',
    await call('POST', '/2025-06-09/webhooks/endpoints', {
      url: receiver.url(`/${project.projectId}`),
      eventTypes: ['agent-checkouts.run.updated'],
    }),
  );
  receiver.trust(`/${project.projectId}`, endpoint.secret);
  const run = created('run', await call('POST', '/unstable/agent-checkouts', RUN_BODY), 202);
  created(
    'message',
    await call('POST', `/unstable/agent-checkouts/${run.runId}/messages`, {
      id: 'from-the-owner',
      parts: [{ type: 'text', text: 'Blue, please' }],
    }),
  );
  const deliveries = await pollUntil(
    () => call('GET', `/2025-06-09/webhooks/endpoints/${endpoint.id}/deliveries`),
    (response) =>
      response.body.data?.length >= 1 && response.body.data.every((item: any) => item.status === 'delivered'),
  );
  const buyerProfile = created(
    'buyer profile',
    await call('POST', '/unstable/agent-checkouts/buyer-profiles', {
      label: 'Home',
      shipping: { addressLines: ['1 Main St'], locality: 'Springfield', postalCode: '62701', countryCode: 'US' },
    }),
  );
  const browserProfile = created(
    'browser profile',
    await call('POST', '/unstable/agent-checkouts/browser-profiles', { label: 'Laptop' }),
  );

  return {
    projectId: project.projectId,
    walletAddress: wallet.address,
    admin,
    transactionId: transfer.id,
    approvalMessage,
    signatureId: signature.id,
    signatureMessage: signature.approvals.pending[0].message,
    orderId: order.order.orderId,
    clientSecret: order.clientSecret,
    paymentMethodId: paymentMethod.paymentMethodId,
    linkedAddress: linked.address,
    endpointId: endpoint.id,
    messageId: deliveries.body.data[0].messageId,
    runId: run.runId,
    buyerProfileId: buyerProfile.id,
    browserProfileId: browserProfile.id,
  };
};

/** The admin's approval of the waiting transfer: what a valid approval request carries. */
export const adminApproval = async (resources: ProjectResources) => ({
  approvals: [
    {
      signer: `external-wallet:${resources.admin.address}`,
      signature: await resources.admin.signMessage({ message: { raw: resources.approvalMessage as Hex } }),
    },
  ],
});

/** The admin's approval of the waiting message signature. */
export const adminSignatureApproval = async (resources: ProjectResources) => ({
  approvals: [
    {
      signer: `external-wallet:${resources.admin.address}`,
      signature: await resources.admin.signMessage({ message: { raw: resources.signatureMessage as Hex } }),
    },
  ],
});

/** The ids that must never appear in another project's answers. */
export const idsOf = (resources: ProjectResources): string[] => [
  resources.projectId,
  resources.walletAddress,
  resources.transactionId,
  resources.signatureId,
  resources.orderId,
  resources.paymentMethodId,
  resources.linkedAddress,
  resources.endpointId,
  resources.messageId,
  resources.runId,
  resources.buyerProfileId,
  resources.browserProfileId,
];
