import { bankAccountMethod } from '../../support/bank-account.js';
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { type JsonResponse, fetchJson } from '../../support/http-client.js';
import type { Deployment } from './deployment.js';

export const WALLETS = '/2025-06-09/wallets';
export const ORDERS = '/2022-06-09/orders';
export const RUNS = '/unstable/agent-checkouts';
export const ENDPOINTS = '/2025-06-09/webhooks/endpoints';
export const CHAIN = 'base-sepolia';

type Answer = JsonResponse<any>;

/** A client of the service: every request through the load balancer, so any instance may answer. */
export class ServiceClient {
  constructor(
    private readonly deployment: Deployment,
    readonly serverKey: string,
    readonly clientKey: string,
  ) {}

  call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.at(this.deployment.baseUrl, method, path, body, headers);
  }

  /** The same request to every instance directly: what each one answers. */
  fromEach(path: string, headers: Record<string, string> = {}): Promise<Answer[]> {
    return Promise.all(
      this.deployment.instances.map((instance) => this.at(instance.baseUrl, 'GET', path, undefined, headers)),
    );
  }

  at(
    baseUrl: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return fetchJson(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': this.serverKey, ...headers },
      ...(body === undefined ? {} : { body }),
    });
  }

  async wallet(owner: string): Promise<string> {
    const created = await this.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner });
    if (created.status !== 201) throw new Error(`POST wallets answered ${created.status}: ${created.text}`);
    return created.body.address as string;
  }

  async faucet(address: string, amount: number): Promise<void> {
    const funded = await this.call('POST', `/v1-alpha2/wallets/${address}/balances`, {
      amount,
      token: 'usdc',
      chain: CHAIN,
    });
    if (funded.status >= 300) throw new Error(`faucet answered ${funded.status}: ${funded.text}`);
  }

  /** The wallet's USDC on the chain, as each instance reads it. */
  async balancesFromEach(address: string): Promise<string[]> {
    const answers = await this.fromEach(`${WALLETS}/${address}/balances?tokens=usdc&chains=${CHAIN}`);
    return answers.map((answer) => (answer.status === 200 ? String(answer.body[0]?.amount) : `HTTP ${answer.status}`));
  }

  async cardToken(number: string): Promise<string> {
    const token = await this.call('POST', '/unstable/card-tokens', { number, expMonth: 12, expYear: 2040, cvc: '123' });
    if (token.status !== 201 && token.status !== 200)
      throw new Error(`card-tokens answered ${token.status}: ${token.text}`);
    return token.body.token as string;
  }

  async paymentMethod(userLocator: string): Promise<string> {
    const saved = await this.call('POST', '/unstable/payment-methods', bankAccountMethod(userLocator));
    if (saved.status !== 201) throw new Error(`payment-methods answered ${saved.status}: ${saved.text}`);
    return saved.body.paymentMethodId as string;
  }
}

/** Polls `read` until `done`, or fails with what it last saw. */
export const eventually = async <T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms; last seen ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
