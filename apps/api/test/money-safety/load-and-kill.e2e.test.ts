import { setTimeout as sleep } from 'node:timers/promises';
import { type Answer, type Api, KillHarness } from './support/kill-harness.js';
import type { ServerProcess } from './support/server-processes.js';

const WALLETS = '/2025-06-09/wallets';
const ORDERS = '/2022-06-09/orders';
const CLIENTS = 20;
const REQUESTS_PER_CLIENT = 6;
/** The server is SIGKILLed once this share of all requests has been answered, then again, and again. */
const KILL_AT = [0.2, 0.45, 0.7];

interface KeyedRequest {
  readonly key: string;
  readonly kind: 'transfer' | 'order';
  /** Unique per request: how the request's resources are found in the store. */
  readonly amount: string;
}

/** The servers of the run, one after another on one data directory; clients wait for the next after a kill. */
class Servers {
  private generation = 0;
  private current: Promise<ServerProcess>;
  private nextOne: { promise: Promise<void>; resolve: () => void } = Servers.deferred();

  constructor(private readonly h: KillHarness) {
    this.current = h.start();
  }

  get now(): Promise<{ server: ServerProcess; generation: number }> {
    const generation = this.generation;
    return this.current.then((server) => ({ server, generation }));
  }

  /** Resolves once a server newer than `generation` is listening. */
  async after(generation: number): Promise<void> {
    while (this.generation <= generation) await this.nextOne.promise;
    await this.current;
  }

  async killAndRestart(): Promise<void> {
    const server = await this.current;
    await server.kill();
    this.current = this.h.start();
    await this.current;
    this.generation++;
    const woken = this.nextOne;
    this.nextOne = Servers.deferred();
    woken.resolve();
  }

  async stop(): Promise<void> {
    await (await this.current).stop();
  }

  private static deferred() {
    let resolve = () => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    return { promise, resolve };
  }
}

/**
 * Bounded load and kill: 20 clients send keyed transfers and keyed onramp orders; the server (a
 * child process) is SIGKILLed three times in the middle of it and restarted on the same data
 * directory; every request that got no answer is sent again with its key until it is answered.
 * Then, in the store: exactly one transfer or order per key, and every answer any client got
 * (before a kill or after) names that one resource.
 */
describe('load and kill: keyed transfers and orders under SIGKILLs', () => {
  let h: KillHarness;
  beforeAll(async () => {
    h = await KillHarness.create();
  });
  afterAll(() => h.remove());

  it('executes every key once and loses no acknowledged write', async () => {
    const servers = new Servers(h);
    const wallets: string[] = [];
    const setupApi = h.apiOf((await servers.now).server);
    const recipient = (
      await setupApi.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:sink@example.com' })
    ).body.address;
    for (let client = 0; client < CLIENTS; client++) {
      const wallet = (
        await setupApi.call('POST', WALLETS, {
          chainType: 'evm',
          type: 'mpc',
          owner: `email:client-${client}@example.com`,
        })
      ).body.address;
      await setupApi.call('POST', `/v1-alpha2/wallets/${wallet}/balances`, {
        amount: 100,
        token: 'usdxm',
        chain: 'base-sepolia',
      });
      wallets.push(wallet);
    }

    const requests = wallets.map((_, client) =>
      Array.from({ length: REQUESTS_PER_CLIENT }, (__, index): KeyedRequest => ({
        key: `load-${client}-${index}`,
        kind: index % 2 === 0 ? 'transfer' : 'order',
        // Distinct amounts (orders stay under the no-KYC threshold of 100).
        amount:
          index % 2 === 0
            ? `0.${String(client * 100 + index + 1).padStart(4, '0')}`
            : `${10 + client}.${String(index).padStart(2, '0')}`,
      })),
    );
    const send = (api: Api, client: number, request: KeyedRequest): Promise<Answer> =>
      request.kind === 'transfer'
        ? api.call(
            'POST',
            `${WALLETS}/${wallets[client]}/tokens/base-sepolia:usdc/transfers`,
            { recipient, amount: request.amount },
            { 'x-idempotency-key': request.key },
          )
        : api.call(
            'POST',
            ORDERS,
            {
              recipient: { walletAddress: wallets[client] },
              payment: { method: 'card', currency: 'usd' },
              lineItems: [
                {
                  tokenLocator: 'base-sepolia:usdc',
                  executionParameters: { amount: request.amount, maxSlippageBps: '100' },
                },
              ],
            },
            { 'x-idempotency-key': request.key },
          );

    const acknowledged = new Map<string, Answer[]>();
    let answered = 0;
    let unanswered = 0;
    const runClient = async (client: number) => {
      for (const request of requests[client]!) {
        for (;;) {
          const { server, generation } = await servers.now;
          const answer = await send(h.apiOf(server), client, request).catch(() => null);
          if (answer === null || answer.status >= 500) {
            unanswered++;
            await servers.after(generation);
            continue;
          }
          if (answer.status !== 201) throw new Error(`${request.key}: ${answer.status} ${answer.text}`);
          acknowledged.set(request.key, [...(acknowledged.get(request.key) ?? []), answer]);
          answered++;
          break;
        }
      }
    };
    const total = CLIENTS * REQUESTS_PER_CLIENT;
    const killer = (async () => {
      for (const share of KILL_AT) {
        while (answered < share * total) await sleep(5);
        // Somewhere inside the requests in flight, not right after an answer.
        await sleep(Math.random() * 30);
        await servers.killAndRestart();
      }
    })();
    await Promise.all([...wallets.map((_, client) => runClient(client)), killer]);
    // Every key answered once more after the last restart: what a retry sees now.
    const finalApi = h.apiOf((await servers.now).server);
    const final = new Map<string, Answer>();
    for (const [client, list] of requests.entries()) {
      for (const request of list) final.set(request.key, await send(finalApi, client, request));
    }
    await servers.stop();

    const events = await h.events();
    process.stderr.write(`load-and-kill: ${total} keyed requests, ${unanswered} cut off by the kills and sent again\n`);
    expect(unanswered).toBeGreaterThan(0);
    for (const list of requests) {
      for (const request of list) {
        const streams = events
          .filter((event) =>
            request.kind === 'transfer'
              ? event.type === 'TransferCreated' &&
                (event.data as { amount: { decimal: string } }).amount.decimal === request.amount
              : event.type === 'OrderCreated' &&
                (event.data as { lineItems: { execution: { amount: string } }[] }).lineItems[0]!.execution.amount ===
                  request.amount,
          )
          .map((event) => event.streamName);
        expect({ key: request.key, resources: streams.length }).toEqual({ key: request.key, resources: 1 });
        const id = streams[0]!.slice(streams[0]!.indexOf('-') + 1);
        const idOf = (answer: Answer) => (request.kind === 'transfer' ? answer.body.id : answer.body.order.orderId);
        for (const answer of [...(acknowledged.get(request.key) ?? []), final.get(request.key)!]) {
          expect({ key: request.key, id: idOf(answer) }).toEqual({ key: request.key, id });
        }
        expect(final.get(request.key)!.headers.get('x-idempotent-replayed')).toBe('true');
      }
    }
  }, 180_000);
});
