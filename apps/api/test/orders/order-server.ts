import type { ChainGateway } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { type Hex, parseTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { CHAIN_GATEWAY } from '../../src/wallets/gateway/chain-gateway.token.js';
import { bankAccountMethod } from '../support/bank-account.js';
import type { JsonResponse } from '../support/http-client.js';
import type { TestServerOptions } from '../support/start-server.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from '../wallets/wallet-server.js';

export const ORDERS = '/2022-06-09/orders';
export const WALLETS = '/2025-06-09/wallets';
export const CHAIN = 'base-sepolia';

/** Magic cards of the sandbox processor (ADR 0101). */
export const CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  verification: '4000002500003155',
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
type Answer = JsonResponse<any>;

export interface OrderApi {
  readonly api: WalletServer;
  readonly project: TestProject;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  call<Body = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonResponse<Body>>;
  /** A service wallet owned by `owner` on the EVM chains. */
  wallet(owner: string): Promise<string>;
  onramp(walletAddress: string, amount: string, extra?: Record<string, unknown>): Promise<Answer>;
  cardToken(number: string): Promise<string>;
  /** Pays with a fresh card token of `number`, authorized by the order's client secret. */
  payByCard(orderId: string, clientSecret: string, number: string): Promise<Answer>;
  /** Pays with `token`, authorized by the order's client secret. */
  payWithToken(orderId: string, clientSecret: string, token: string, headers?: Record<string, string>): Promise<Answer>;
  order(orderId: string): Promise<Answer>;
  /** Polls the order (server key) until `done`. */
  until(orderId: string, done: (order: { phase: string; payment: { status: string } }) => boolean): Promise<Answer>;
  paymentMethod(userLocator: string, accountNumber?: string): Promise<string>;
  gateway(): ChainGateway;
  close(): Promise<void>;
}

/**
 * The real server over HTTP with fast sandboxes: blocks every 20 ms, an identity check decided
 * 1.5 s after it starts (long enough that a loaded machine still answers the creating request
 * before it is decided), payouts sent and settled within 150 ms, and the order worker every 20 ms.
 */
export const startOrderServer = async (
  env: Record<string, string | number> = {},
  options: Omit<TestServerOptions, 'env'> = {},
): Promise<OrderApi> => {
  const api = await startWalletServer({
    ...options,
    env: {
      ORDER_WORKER_INTERVAL_MS: 20,
      KYC_SANDBOX_COMPLETION_DELAY_MS: 1_500,
      PAYOUT_SANDBOX_SEND_DELAY_MS: 50,
      PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS: 100,
      ORDER_NO_KYC_THRESHOLD_USD: '100',
      ORDER_PURCHASE_LIMIT: '1000',
      ...env,
    },
  });
  const project = await api.project();
  const call: OrderApi['call'] = (method, path, body, headers) =>
    api.call(project.serverKey, method, path, body, headers);
  const order = (orderId: string) => call('GET', `${ORDERS}/${orderId}`);
  const cardToken = async (number: string) =>
    (await call('POST', '/unstable/card-tokens', { number, expMonth: 12, expYear: 2040, cvc: '123' })).body
      .token as string;
  const payWithToken: OrderApi['payWithToken'] = (orderId, clientSecret, token, headers = {}) =>
    api.call(
      project.clientKey,
      'POST',
      `${ORDERS}/${orderId}/payment`,
      { type: 'card-token', token },
      { authorization: clientSecret, ...headers },
    );
  return {
    api,
    project,
    call,
    wallet: async (owner) => (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner })).body.address,
    onramp: (walletAddress, amount, extra = {}) =>
      call('POST', ORDERS, {
        recipient: { walletAddress },
        payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
        lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount, maxSlippageBps: '100' } }],
        ...extra,
      }),
    cardToken,
    payByCard: async (orderId, clientSecret, number) => payWithToken(orderId, clientSecret, await cardToken(number)),
    payWithToken,
    order,
    until: (orderId, done) =>
      pollUntil(
        () => order(orderId),
        (response) => response.status === 200 && done(response.body),
        15_000,
      ),
    paymentMethod: async (userLocator, accountNumber) =>
      (await call('POST', '/unstable/payment-methods', bankAccountMethod(userLocator, accountNumber))).body
        .paymentMethodId,
    gateway: () => api.server.app.get<ChainGateway>(CHAIN_GATEWAY),
    close: () => api.close(),
  };
};

/** An external payer wallet (a key only the test holds), funded on the sandbox chain with the stablecoin and gas. */
export const externalPayer = async (gateway: ChainGateway, usdc: string) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await gateway.fund({ chain: CHAIN, address: account.address, token: 'usdxm', amount: usdc });
  if (E.isLeft(funded)) throw new Error(funded.left.message);
  return {
    address: account.address,
    /** Signs the order's serialized deposit transaction and broadcasts it, as the payer's wallet would. */
    broadcast: async (serializedTransaction: string): Promise<string> => {
      const signed = await account.signTransaction(
        parseTransaction(serializedTransaction as Hex) as Parameters<typeof account.signTransaction>[0],
      );
      const sent = await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: signed });
      if (E.isLeft(sent)) throw new Error(sent.left.message);
      return sent.right.txId;
    },
  };
};
