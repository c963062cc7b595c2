import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { prepareOrderListStatements, writeOrder } from '@paykit/api';
import { openReadModelDatabase, readModelDatabasePath } from '@paykit/projections';
import { percentile } from './load/percentile.js';
import { verdict } from './load/table.js';
import { sampleOrder, sampleOrderId, sampleWallet } from './orders-list/sample-orders.js';
import { type BareFastify, startBareFastify } from './processes/bare-fastify.js';
import { type BenchApi, startBenchApi } from './processes/bench-api.js';

/**
 * `pnpm bench orders-list`: GET /2022-06-09/orders with filters, over HTTP, against a read model
 * of 1,000 orders and one of 1,000,000 (BENCH_ORDERS_LARGE), each API in a child process of its
 * own with its own data directory, and bare Fastify (a third child) answering the same first
 * page's JSON. This process fills the read models through the projection's own write path
 * (`writeOrder`, what every order event goes through) in large transactions on the API's
 * `read-models.db`, which takes a minute where appending a million orders' events would take
 * many, then sends the requests.
 *
 * Each scenario walks pages (the first, then nextCursor, up to PAGES_PER_WALK) one request at a
 * time, alternating rounds between the sizes so load drifts on the shared machine hit both
 * alike. Targets (issue 15): p50 < 5 ms and p99 < 20 ms per page over 1,000,000 orders, p50
 * within 1.5x of the 1,000-order page.
 */

export interface OrdersListBenchmarkOptions {
  readonly large?: number;
  /** Page requests measured per scenario and size. */
  readonly samples?: number;
  readonly print?: (line: string) => void;
}

export interface OrdersListFigures {
  readonly largeP50: number;
  readonly largeP99: number;
  readonly ratio: number;
  readonly bareP50: number;
}

const SMALL = 1_000;
const ROUNDS = 5;
const WARM_UP_REQUESTS = 30;
const PAGES_PER_WALK = 10;
const FILL_TRANSACTION = 10_000;
const TARGET_P50_MS = 5;
const TARGET_P99_MS = 20;
const TARGET_RATIO = 1.5;
const ORDERS = '/2022-06-09/orders';

/** About 100 orders per buyer wallet at either size, so a wallet's pages are alike. */
const walletsFor = (orders: number) => Math.max(1, Math.floor(orders / 100));

const scenarios = (orders: number): readonly { readonly name: string; readonly query: string }[] => {
  const wallet = sampleWallet(Math.floor(walletsFor(orders) / 2));
  const ids = [1, 2, 3].map((part) => sampleOrderId(Math.floor((orders * part) / 4)));
  return [
    { name: 'no filter', query: '' },
    { name: 'paymentStatus=succeeded', query: 'paymentStatus=succeeded' },
    { name: 'payment 2 x delivery 2', query: 'paymentStatus=succeeded,refunded&deliveryStatus=delivered,failed' },
    { name: 'currency=fiat', query: 'currency=fiat' },
    { name: 'currency 2 + paymentStatus', query: 'currency=usdc&currency=usd&paymentStatus=quote-phase' },
    { name: 'deliveryStatus, sort=asc', query: 'deliveryStatus=not-started&sort=asc' },
    { name: 'buyer wallet + paymentStatus', query: `buyerWalletAddress=${wallet}&paymentStatus=succeeded,quote-phase` },
    { name: 'declined (5%), limit=100', query: 'paymentStatus=declined&limit=100' },
    { name: 'orderId x3', query: `orderId=${ids.join(',')}` },
  ];
};

interface Target {
  readonly label: string;
  readonly orders: number;
  readonly server: BenchApi;
}

/** Fills the API's orders list from this process, once the API has set up its tables and checkpoint. */
const fill = async (target: Target, print: (line: string) => void): Promise<void> => {
  await target.server.api.waitUntilCaughtUp();
  const db = openReadModelDatabase(readModelDatabasePath(target.server.dataDir));
  try {
    const statements = prepareOrderListStatements(db);
    const wallets = walletsFor(target.orders);
    const projectId = target.server.projectId;
    const started = performance.now();
    for (let from = 0; from < target.orders; from += FILL_TRANSACTION) {
      const to = Math.min(target.orders, from + FILL_TRANSACTION);
      db.transaction(() => {
        for (let index = from; index < to; index++) {
          writeOrder(statements, { projectId, order: sampleOrder(index, wallets), revision: 0, previous: null });
        }
      })();
      if (to % 100_000 === 0) print(`  ${target.label}: ${to.toLocaleString('en-US')} orders`);
      await yieldToEventLoop();
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(target.orders / seconds).toLocaleString('en-US');
    print(
      `  ${target.label}: filled ${target.orders.toLocaleString('en-US')} orders in ${seconds.toFixed(1)} s (${rate}/s)`,
    );
  } finally {
    db.close();
  }
};

const start = async (label: string, orders: number, print: (line: string) => void): Promise<Target> => {
  const target = { label, orders, server: await startBenchApi(`Orders list benchmark (${label})`) };
  try {
    await fill(target, print);
    await expectServed(target);
    return target;
  } catch (error) {
    await target.server.close();
    throw error;
  }
};

/** The API answers from the rows filled beside it (a reset would leave the benchmark timing empty pages). */
const expectServed = async (target: Target): Promise<void> => {
  const last = sampleOrderId(target.orders - 1);
  const { status, body } = await timed(
    `${target.server.api.baseUrl}${ORDERS}?orderId=${last}`,
    target.server.serverKey,
  );
  if (status !== 200 || body.data?.length !== 1)
    throw new Error(`${target.label}: order ${last} is not listed: ${status} ${JSON.stringify(body)}`);
};

const timed = async (
  url: string,
  key: string,
): Promise<{ ms: number; status: number; body: { data?: unknown[]; nextCursor?: string | null } }> => {
  const began = performance.now();
  const response = await fetch(url, { headers: { 'x-api-key': key } });
  const body = (await response.json()) as { data?: unknown[]; nextCursor?: string | null };
  return { ms: performance.now() - began, status: response.status, body };
};

/** The floor every request pays (auth, rate limit, HTTP): an authenticated read of a cached project. */
const BASELINE = { name: 'baseline: GET projects/current', path: '/unstable/projects/current' };

const measureUrl = async (url: string, key: string, count: number, into: number[]): Promise<void> => {
  for (let index = 0; index < count; index++) into.push((await timed(url, key)).ms);
};

/** Requests pages of one scenario, first page then next ones, until `count` were timed. */
const measure = async (target: Target, query: string, count: number, into: number[]): Promise<void> => {
  let cursor: string | undefined;
  let pages = 0;
  for (let index = 0; index < count; index++) {
    const parameters = [query, cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join('&');
    const { ms, status, body } = await timed(
      `${target.server.api.baseUrl}${ORDERS}?${parameters}`,
      target.server.serverKey,
    );
    into.push(ms);
    if (status !== 200 || !body.data) throw new Error(`${query}: answered ${status} ${JSON.stringify(body)}`);
    pages++;
    cursor = pages < PAGES_PER_WALK ? (body.nextCursor ?? undefined) : undefined;
    if (cursor === undefined) pages = 0;
  }
};

const ms = (value: number) => value.toFixed(2).padStart(7);
const sizeLabel = (orders: number) => (orders >= 1_000_000 ? `${orders / 1_000_000}M` : `${orders / 1_000}k`);

/** Bare Fastify answering the small server's first page (no filter) as it stands. */
const bareWithFirstPage = async (small: Target): Promise<{ bare: BareFastify; path: string; bytes: number }> => {
  const url = `${small.server.api.baseUrl}${ORDERS}`;
  const page = await (await fetch(url, { headers: { 'x-api-key': small.server.serverKey } })).text();
  const path = new URL(url).pathname;
  return { bare: await startBareFastify({ [path]: JSON.parse(page) }), path, bytes: Buffer.byteLength(page) };
};

export const runOrdersListBenchmark = async (options: OrdersListBenchmarkOptions = {}): Promise<OrdersListFigures> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const large = options.large ?? Number(process.env['BENCH_ORDERS_LARGE'] ?? 1_000_000);
  const samplesPerScenario = options.samples ?? Number(process.env['BENCH_ORDERS_SAMPLES'] ?? 300);
  const perRound = Math.max(1, Math.round(samplesPerScenario / ROUNDS));
  print(
    `Orders list benchmark: ${SMALL.toLocaleString('en-US')} vs ${large.toLocaleString('en-US')} orders, ${samplesPerScenario} pages per scenario and size, ` +
      'each API and bare Fastify in its own process, one request at a time from the bench process\n',
  );
  const small = await start('small', SMALL, print);
  let big: Target | undefined;
  let bare: BareFastify | undefined;
  try {
    big = await start('large', large, print);
    const baselinePage = await bareWithFirstPage(small);
    bare = baselinePage.bare;
    const bareUrl = bare.url(baselinePage.path);
    const names = scenarios(SMALL).map((scenario) => scenario.name);
    const queries = { small: scenarios(SMALL), large: scenarios(large) };
    const samples = { small: names.map((): number[] => []), large: names.map((): number[] => []) };
    const baseline = { small: [] as number[], large: [] as number[] };
    const bareSamples: number[] = [];
    for (const [index] of names.entries()) {
      await measure(small, queries.small[index]!.query, WARM_UP_REQUESTS, []);
      await measure(big, queries.large[index]!.query, WARM_UP_REQUESTS, []);
    }
    await measureUrl(bareUrl, '', WARM_UP_REQUESTS, []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index] of names.entries()) {
        await measure(small, queries.small[index]!.query, perRound, samples.small[index]!);
        await measure(big, queries.large[index]!.query, perRound, samples.large[index]!);
      }
      for (const [target, into] of [
        [small, baseline.small],
        [big, baseline.large],
      ] as const) {
        await measureUrl(`${target.server.api.baseUrl}${BASELINE.path}`, target.server.serverKey, perRound, into);
      }
      await measureUrl(bareUrl, '', perRound, bareSamples);
    }

    const [s, l] = [sizeLabel(SMALL), sizeLabel(large)];
    print('');
    print(`| scenario                       | ${s} p50 | ${s} p99 | ${l} p50 | ${l} p99 | p50 ratio |`);
    print(`|--------------------------------|-------:|-------:|-------:|-------:|----------:|`);
    const row = (name: string, smallSamples: number[], largeSamples: number[]) => {
      const [s50, s99, l50, l99] = [
        percentile(smallSamples, 0.5),
        percentile(smallSamples, 0.99),
        percentile(largeSamples, 0.5),
        percentile(largeSamples, 0.99),
      ];
      print(
        `| ${name.padEnd(30)} |${ms(s50)} |${ms(s99)} |${ms(l50)} |${ms(l99)} | ${(l50 / s50).toFixed(2).padStart(9)} |`,
      );
      return { l50, l99, ratio: l50 / s50 };
    };
    for (const [index, name] of names.entries()) row(name, samples.small[index]!, samples.large[index]!);
    const overall = row('all pages', samples.small.flat(), samples.large.flat());
    row(BASELINE.name, baseline.small, baseline.large);
    const [bare50, bare99] = [percentile(bareSamples, 0.5), percentile(bareSamples, 0.99)];
    const firstPages = percentile(samples.large[0]!, 0.5);
    print('');
    print(
      `bare Fastify answering the first page's JSON (${baselinePage.bytes.toLocaleString('en-US')} B): p50 ${bare50.toFixed(2)} ms, p99 ${bare99.toFixed(2)} ms; ` +
        `no-filter pages over ${l} cost ${(firstPages / bare50).toFixed(1)}x that at p50`,
    );
    print(
      `p50 per page over ${large.toLocaleString('en-US')} orders: ${overall.l50.toFixed(2)} ms (target < ${TARGET_P50_MS} ms): ${verdict(overall.l50 < TARGET_P50_MS)}`,
    );
    print(
      `p99 per page over ${large.toLocaleString('en-US')} orders: ${overall.l99.toFixed(2)} ms (target < ${TARGET_P99_MS} ms): ${verdict(overall.l99 < TARGET_P99_MS)}`,
    );
    print(
      `p50 ratio to ${SMALL.toLocaleString('en-US')} orders: ${overall.ratio.toFixed(2)} (target <= ${TARGET_RATIO}): ${verdict(overall.ratio <= TARGET_RATIO)}`,
    );
    return { largeP50: overall.l50, largeP99: overall.l99, ratio: overall.ratio, bareP50: bare50 };
  } finally {
    await bare?.stop();
    await big?.server.close();
    await small.server.close();
  }
};
