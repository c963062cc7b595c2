import { type Measured, ROUNDS_FROM_ENV, type RoundsOptions, compare } from './load/alternating-rounds.js';
import type { AutocannonRequest } from './load/autocannon.js';
import { pacedRun } from './load/paced.js';
import { measuredTable, percentOf, verdict } from './load/table.js';
import { startBareFastify } from './processes/bare-fastify.js';
import { startBenchApi } from './processes/bench-api.js';
import { WALLETS, finishedTransferPath, freshWalletBody, postJson } from './wallets/wallet-requests.js';

/**
 * `pnpm bench http-wallets`: the wallet routes against bare Fastify answering the same JSON,
 * each server in a child process of its own, loaded from this process. create-wallet makes a
 * new EVM smart wallet per request (a fresh owner each time, so every answer is a 201 and an
 * append); get-transfer reads a finished transfer. Then each at an even BENCH_FIXED_RATE
 * requests/s (default 1,000). Targets: create-wallet >= 15% of bare Fastify's requests/s, p99
 * < 50 ms at the fixed rate. BENCH_HTTP_SECONDS sets each measurement's seconds.
 */

export interface WalletsBenchmarkOptions {
  readonly rounds?: RoundsOptions;
  readonly fixedRate?: number;
  readonly print?: (line: string) => void;
}

export interface WalletsFigures {
  readonly createRatio: number;
  readonly getRatio: number;
  readonly createAtRate: Measured;
  readonly getAtRate: Measured;
}

const FIXED_RATE = Number(process.env['BENCH_FIXED_RATE'] ?? 1_000);
const TARGET_RATIO = 0.15;
const TARGET_P99_MS = 50;

const post = (key: string | null): AutocannonRequest[] => [
  {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key !== null && { 'x-api-key': key }) },
    body: '{}',
    setupRequest: (request) => ({ ...request, body: freshWalletBody() }),
  },
];

export const runWalletsHttpBenchmark = async (options: WalletsBenchmarkOptions = {}): Promise<WalletsFigures> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const rounds = options.rounds ?? ROUNDS_FROM_ENV;
  const rate = options.fixedRate ?? FIXED_RATE;
  const ours = await startBenchApi('Wallets benchmark');
  try {
    const { api, serverKey } = ours;
    const created = await postJson(`${api.baseUrl}${WALLETS}`, serverKey, freshWalletBody(), 201);
    const transferPath = await finishedTransferPath(api.baseUrl, serverKey);
    const transfer = await (
      await fetch(`${api.baseUrl}${transferPath}`, { headers: { 'x-api-key': serverKey } })
    ).json();
    const [walletsPath, getPath] = [
      new URL(`${api.baseUrl}${WALLETS}`).pathname,
      new URL(`${api.baseUrl}${transferPath}`).pathname,
    ];
    const bare = await startBareFastify({ [walletsPath]: created, [getPath]: transfer });
    try {
      print(
        `Wallets HTTP benchmark: each server in its own process, loaded from the bench process: 50 connections as fast as ` +
          `possible (alternating rounds), then ${rate} evenly spaced requests/s for ${rounds.seconds} s after ${rounds.warmUpSeconds} s of warm-up\n`,
      );
      const ourCreate = {
        name: 'create-wallet (PayKit API)',
        url: `${api.baseUrl}${WALLETS}`,
        pid: api.pid,
        requests: post(serverKey),
      };
      const ourGet = {
        name: 'get-transfer (PayKit API)',
        url: `${api.baseUrl}${transferPath}`,
        pid: api.pid,
        headers: { 'x-api-key': serverKey },
      };
      // Each phase starts with the read models caught up on the writes of the one before.
      const [baseCreate, create] = (await compare(
        [
          { name: 'bare Fastify, POST same JSON', url: bare.url(walletsPath), pid: bare.pid, requests: post(null) },
          ourCreate,
        ],
        rounds,
      )) as [Measured, Measured];
      await api.waitUntilCaughtUp();
      const [baseGet, get] = (await compare(
        [{ name: 'bare Fastify, GET same JSON', url: bare.url(getPath), pid: bare.pid }, ourGet],
        rounds,
      )) as [Measured, Measured];
      await api.waitUntilCaughtUp();
      const createAtRate = await pacedRun(
        {
          ...ourCreate,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': serverKey },
          body: freshWalletBody,
        },
        rate,
        rounds.seconds,
        rounds.warmUpSeconds,
      );
      await api.waitUntilCaughtUp();
      const getAtRate = await pacedRun(
        { ...ourGet, method: 'GET', headers: ourGet.headers },
        rate,
        rounds.seconds,
        rounds.warmUpSeconds,
      );
      for (const line of measuredTable([baseCreate, create, baseGet, get, createAtRate, getAtRate])) print(line);

      const createRatio = create.requestsPerSecond / baseCreate.requestsPerSecond;
      const getRatio = get.requestsPerSecond / baseGet.requestsPerSecond;
      print('');
      print(
        `create-wallet: ${percentOf(create.requestsPerSecond, baseCreate.requestsPerSecond)} of bare Fastify (target >= ${TARGET_RATIO * 100}%): ${verdict(createRatio >= TARGET_RATIO)}`,
      );
      print(`get-transfer: ${percentOf(get.requestsPerSecond, baseGet.requestsPerSecond)} of bare Fastify`);
      for (const [ours, bare] of [
        [create, baseCreate],
        [get, baseGet],
      ] as const) {
        if (ours.cpuMicrosPerRequest !== null && bare.cpuMicrosPerRequest !== null) {
          print(
            `${ours.name}: CPU per request ${(ours.cpuMicrosPerRequest / bare.cpuMicrosPerRequest).toFixed(1)}x bare Fastify's`,
          );
        }
      }
      for (const measured of [createAtRate, getAtRate]) {
        print(
          `${measured.name}: p50 ${measured.p50} ms, p99 ${measured.p99} ms (target < ${TARGET_P99_MS} ms): ${verdict(measured.p99 < TARGET_P99_MS)}`,
        );
      }
      return { createRatio, getRatio, createAtRate, getAtRate };
    } finally {
      await bare.stop();
    }
  } finally {
    await ours.close();
  }
};
