import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_STORE, PROJECTION_RUNNER } from '@paykit/api';
import type { EventStore } from '@paykit/event-store';
import { type AutocannonRequest, type Measured, type Target, compare, printTable, startBenchServers } from './http.js';

/**
 * `pnpm bench http-wallets`: the wallet routes against the bare-Fastify baseline of http.ts, in
 * the same run. create-wallet makes a new EVM smart wallet per request (a fresh owner each
 * time, so every answer is a 201 and an append); get-transfer reads a finished transfer.
 * Targets: create-wallet >= 15% of bare Fastify's requests/s, and p99 < 50 ms for both at a
 * fixed 500 requests/s. BENCH_HTTP_SECONDS sets each measurement's seconds.
 */

const SECONDS = Number(process.env['BENCH_HTTP_SECONDS'] ?? 10);
const FIXED_RATE = 500;
const WARM_UP_SECONDS = 2;
const TARGET_RATIO = 0.15;
const TARGET_P99_MS = 50;
const WALLETS = '/2025-06-09/wallets';
const ADMIN = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';

let owners = 0;
/** A new owner per request: each one creates a wallet (201), none is answered from an existing one. */
const freshWallet = (request: AutocannonRequest): AutocannonRequest => ({
  ...request,
  body: JSON.stringify({
    chainType: 'evm',
    owner: `userId:bench-${process.pid}-${++owners}`,
    config: { adminSigner: { type: 'external-wallet', address: ADMIN } },
  }),
});

const post = (key: string, setupRequest: AutocannonRequest['setupRequest']): AutocannonRequest[] => [
  { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: '{}', ...(setupRequest && { setupRequest }) },
];

interface Answer {
  readonly address: string;
  readonly id: string;
  readonly status: string;
}

const json = async (response: Response, expected: number): Promise<Answer> => {
  const body = (await response.json()) as Answer;
  if (response.status !== expected) throw new Error(`answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
};

/** A wallet with a finished transfer, for get-transfer. */
const finishedTransfer = async (baseUrl: string, key: string): Promise<string> => {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const wallet = await json(await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', alias: 'bench-sender' }), 201);
  await json(await call('POST', `/v1-alpha2/wallets/${wallet.address}/balances`, { amount: 10, token: 'usdc', chain: 'base-sepolia' }), 201);
  const transfer = await json(
    await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, { recipient: ADMIN, amount: '1' }),
    201,
  );
  const path = `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers/${transfer.id}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    const current = await json(await call('GET', path), 200);
    if (current.status === 'success') return path;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the benchmark transfer did not reach success');
};

interface ProjectionsWaiter {
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

interface PacedTarget {
  readonly name: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: () => string;
}

const sendOnce = (agent: Agent, url: URL, target: PacedTarget): Promise<number> =>
  new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: target.method, headers: target.headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(target.body?.());
  });

const percentile = (sorted: readonly number[], fraction: number): number =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0) * 10) / 10;

/**
 * A fixed-rate run with evenly spaced arrivals (one request every 1000/rate ms on keep-alive
 * sockets). autocannon's rate option sends each connection's quota in a burst at every second
 * and corrects for a 1 ms expected interval, which measures bursts, not a steady rate. Latency
 * counts from each request's scheduled time, so a generator falling behind shows up too.
 */
/** Sends `count` requests evenly spaced at FIXED_RATE; the latencies count from each scheduled time. */
const paced = async (agent: Agent, target: PacedTarget, count: number): Promise<{ latencies: number[]; seconds: number }> => {
  const url = new URL(target.url);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let failures = 0;
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    const due = start + (index * 1000) / FIXED_RATE;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    pending.push(
      sendOnce(agent, url, target).then(
        (status) => {
          latencies.push(performance.now() - due);
          if (status >= 300) failures++;
        },
        () => void failures++,
      ),
    );
  }
  await Promise.all(pending);
  if (failures > 0) throw new Error(`${target.name}: ${failures} requests failed`);
  return { latencies, seconds: (performance.now() - start) / 1000 };
};

/**
 * A fixed-rate run with evenly spaced arrivals (one request every 1000/rate ms on keep-alive
 * sockets), after a warm-up at the same rate that opens the sockets. autocannon's rate option
 * sends each connection's quota in a burst at every second and corrects for a 1 ms expected
 * interval, which measures bursts, not a steady rate.
 */
const pacedRun = async (target: PacedTarget): Promise<Measured> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  try {
    await paced(agent, target, FIXED_RATE * WARM_UP_SECONDS);
    const { latencies, seconds } = await paced(agent, target, FIXED_RATE * SECONDS);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      name: `${target.name} @ ${FIXED_RATE}/s`,
      requestsPerSecond: latencies.length / seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  } finally {
    agent.destroy();
  }
};

export const runWalletsHttpBenchmark = async (): Promise<void> => {
  const servers = await startBenchServers('Wallets benchmark');
  try {
    const { ours, serverKey } = servers;
    const created = await json(
      await fetch(`${ours.baseUrl}${WALLETS}`, {
        method: 'POST',
        headers: { 'x-api-key': serverKey, 'content-type': 'application/json' },
        body: freshWallet({}).body ?? '{}',
      }),
      201,
    );
    const transferPath = await finishedTransfer(ours.baseUrl, serverKey);
    const transfer = await json(await fetch(`${ours.baseUrl}${transferPath}`, { headers: { 'x-api-key': serverKey } }), 200);

    const createWallet: Target = { name: 'create-wallet (PayKit API)', url: `${ours.baseUrl}${WALLETS}`, headers: {}, requests: post(serverKey, freshWallet) };
    const bareCreate: Target = { name: 'bare Fastify, POST same JSON', url: await servers.bareUrl(WALLETS, created), headers: {}, requests: post('', freshWallet) };
    const getTransfer: Target = { name: 'get-transfer (PayKit API)', url: `${ours.baseUrl}${transferPath}`, headers: { 'x-api-key': serverKey } };
    const bareGet: Target = { name: 'bare Fastify, GET same JSON', url: await servers.bareUrl(transferPath, transfer), headers: {} };

    console.log(`Wallets HTTP benchmark: autocannon, 50 connections as fast as possible (alternating rounds), then ${FIXED_RATE} evenly spaced requests/s for ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up\n`);
    // Each phase starts with the read models caught up on the writes of the one before.
    const settle = async () => {
      const head = await ours.app.get<EventStore>(EVENT_STORE).headPosition();
      await ours.app.get<ProjectionsWaiter>(PROJECTION_RUNNER).waitFor(head, 120_000);
    };
    const [baseCreate, ourCreate] = (await compare([bareCreate, createWallet])) as [Measured, Measured];
    await settle();
    const [baseGet, ourGet] = (await compare([bareGet, getTransfer])) as [Measured, Measured];
    await settle();
    const createAtRate = await pacedRun({
      name: createWallet.name,
      url: createWallet.url,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': serverKey },
      body: () => freshWallet({}).body ?? '{}',
    });
    await settle();
    const getAtRate = await pacedRun({ name: getTransfer.name, url: getTransfer.url, method: 'GET', headers: getTransfer.headers });
    printTable([baseCreate, ourCreate, baseGet, ourGet, createAtRate, getAtRate]);

    const ratio = ourCreate.requestsPerSecond / baseCreate.requestsPerSecond;
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(`\ncreate-wallet: ${(ratio * 100).toFixed(1)}% of bare Fastify (target >= ${TARGET_RATIO * 100}%): ${verdict(ratio >= TARGET_RATIO)}`);
    console.log(`get-transfer: ${((ourGet.requestsPerSecond / baseGet.requestsPerSecond) * 100).toFixed(1)}% of bare Fastify`);
    for (const measured of [createAtRate, getAtRate]) {
      console.log(`${measured.name}: p99 ${measured.p99} ms (target < ${TARGET_P99_MS} ms): ${verdict(measured.p99 < TARGET_P99_MS)}`);
    }
  } finally {
    await servers.close();
  }
};
