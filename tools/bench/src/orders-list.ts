import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { READ_MODEL_DATABASE, prepareOrderListStatements, writeOrder } from '@paykit/api';
import type { ReadModelDatabase } from '@paykit/projections';
import { type BenchServers, startBenchServers } from './http.js';
import { sampleOrder, sampleOrderId, sampleWallet } from './orders-list/sample-orders.js';

/**
 * `pnpm bench orders-list`: GET /2022-06-09/orders with filters, over HTTP on the real server,
 * against a read model of 1,000 orders and one of 1,000,000 (BENCH_ORDERS_LARGE), each in its
 * own server and data directory. The read models are filled through the projection's own write
 * path (`writeOrder`, what every order event goes through) in large transactions, which takes
 * a minute where appending a million orders' events would take many.
 *
 * Each scenario walks pages (the first, then nextCursor, up to PAGES_PER_WALK) one request at a
 * time, alternating rounds between the two sizes so load drifts on the shared machine hit both
 * alike. Targets: p50 < 10 ms per page over 1,000,000 orders, within 2x of the 1,000-order page.
 */

const SMALL = 1_000;
const LARGE = Number(process.env['BENCH_ORDERS_LARGE'] ?? 1_000_000);
/** Page requests measured per scenario and size. */
const SAMPLES = Number(process.env['BENCH_ORDERS_SAMPLES'] ?? 300);
const ROUNDS = 5;
const WARM_UP_REQUESTS = 30;
const PAGES_PER_WALK = 10;
const FILL_TRANSACTION = 10_000;
const TARGET_P50_MS = 10;
const TARGET_RATIO = 2;

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
  readonly servers: BenchServers;
}

const fill = async (target: Target, projectId: string): Promise<void> => {
  const db = target.servers.ours.app.get<ReadModelDatabase>(READ_MODEL_DATABASE);
  const statements = prepareOrderListStatements(db);
  const wallets = walletsFor(target.orders);
  const started = performance.now();
  for (let from = 0; from < target.orders; from += FILL_TRANSACTION) {
    const to = Math.min(target.orders, from + FILL_TRANSACTION);
    db.transaction(() => {
      for (let index = from; index < to; index++) {
        writeOrder(statements, { projectId, order: sampleOrder(index, wallets), revision: 0, previous: null });
      }
    })();
    if (to % 100_000 === 0) process.stdout.write(`  ${target.label}: ${to.toLocaleString('en-US')} orders\n`);
    await yieldToEventLoop();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(target.orders / seconds);
  console.log(`  ${target.label}: filled ${target.orders.toLocaleString('en-US')} orders in ${seconds.toFixed(1)} s (${rate.toLocaleString('en-US')}/s)`);
};

const start = async (label: string, orders: number): Promise<Target & { readonly key: string }> => {
  const servers = await startBenchServers(`Orders list benchmark (${label})`);
  const current = await fetch(`${servers.ours.baseUrl}/unstable/projects/current`, { headers: { 'x-api-key': servers.serverKey } });
  const { projectId } = (await current.json()) as { projectId: string };
  const target = { label, orders, servers };
  await fill(target, projectId);
  return { ...target, key: servers.serverKey };
};

/** The floor every request pays (auth, rate limit, HTTP): an authenticated read of a cached project. */
const BASELINE = { name: 'baseline: GET projects/current', path: '/unstable/projects/current' };

const measureBaseline = async (target: Target & { key: string }, count: number, into: number[]): Promise<void> => {
  for (let timed = 0; timed < count; timed++) {
    const began = performance.now();
    const response = await fetch(`${target.servers.ours.baseUrl}${BASELINE.path}`, { headers: { 'x-api-key': target.key } });
    await response.arrayBuffer();
    into.push(performance.now() - began);
  }
};

/** Requests pages of one scenario, first page then next ones, until `count` were timed. */
const measure = async (target: Target & { key: string }, query: string, count: number, into: number[]): Promise<void> => {
  let cursor: string | undefined;
  let pages = 0;
  for (let timed = 0; timed < count; timed++) {
    const parameters = [query, cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join('&');
    const began = performance.now();
    const response = await fetch(`${target.servers.ours.baseUrl}/2022-06-09/orders?${parameters}`, { headers: { 'x-api-key': target.key } });
    const body = (await response.json()) as { data?: unknown[]; nextCursor?: string | null };
    into.push(performance.now() - began);
    if (response.status !== 200 || !body.data) throw new Error(`${query}: answered ${response.status} ${JSON.stringify(body)}`);
    pages++;
    cursor = pages < PAGES_PER_WALK ? (body.nextCursor ?? undefined) : undefined;
    if (cursor === undefined) pages = 0;
  }
};

const percentile = (samples: readonly number[], fraction: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
};
const ms = (value: number) => value.toFixed(2).padStart(7);
const sizeLabel = (orders: number) => (orders >= 1_000_000 ? `${orders / 1_000_000}M` : `${orders / 1_000}k`);

export const runOrdersListBenchmark = async (): Promise<void> => {
  console.log(`Orders list benchmark: ${SMALL.toLocaleString('en-US')} vs ${LARGE.toLocaleString('en-US')} orders, ${SAMPLES} pages per scenario and size\n`);
  const small = await start('small', SMALL);
  const large = await start('large', LARGE);
  try {
    const names = scenarios(SMALL).map((scenario) => scenario.name);
    const queries = { small: scenarios(SMALL), large: scenarios(LARGE) };
    const samples = { small: names.map((): number[] => []), large: names.map((): number[] => []) };
    const baseline = { small: [] as number[], large: [] as number[] };
    for (const [index] of names.entries()) {
      await measure(small, queries.small[index]!.query, WARM_UP_REQUESTS, []);
      await measure(large, queries.large[index]!.query, WARM_UP_REQUESTS, []);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index] of names.entries()) {
        await measure(small, queries.small[index]!.query, SAMPLES / ROUNDS, samples.small[index]!);
        await measure(large, queries.large[index]!.query, SAMPLES / ROUNDS, samples.large[index]!);
      }
      await measureBaseline(small, SAMPLES / ROUNDS, baseline.small);
      await measureBaseline(large, SAMPLES / ROUNDS, baseline.large);
    }

    const [s, l] = [sizeLabel(SMALL), sizeLabel(LARGE)];
    console.log(`\n| scenario                       | ${s} p50 | ${s} p99 | ${l} p50 | ${l} p99 | p50 ratio |`);
    console.log(`|--------------------------------|--------|--------|--------|--------|-----------|`);
    const row = (name: string, smallSamples: number[], largeSamples: number[]) => {
      const [s50, s99, l50, l99] = [percentile(smallSamples, 0.5), percentile(smallSamples, 0.99), percentile(largeSamples, 0.5), percentile(largeSamples, 0.99)];
      console.log(`| ${name.padEnd(30)} |${ms(s50)} |${ms(s99)} |${ms(l50)} |${ms(l99)} | ${(l50 / s50).toFixed(2).padStart(9)} |`);
      return { l50, ratio: l50 / s50 };
    };
    for (const [index, name] of names.entries()) row(name, samples.small[index]!, samples.large[index]!);
    const overall = row('all pages', samples.small.flat(), samples.large.flat());
    row(BASELINE.name, baseline.small, baseline.large);
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(`\np50 per page over ${LARGE.toLocaleString('en-US')} orders: ${overall.l50.toFixed(2)} ms (target < ${TARGET_P50_MS} ms): ${verdict(overall.l50 < TARGET_P50_MS)}`);
    console.log(`p50 ratio to ${SMALL.toLocaleString('en-US')} orders: ${overall.ratio.toFixed(2)} (target <= ${TARGET_RATIO}): ${verdict(overall.ratio <= TARGET_RATIO)}`);
  } finally {
    await small.servers.close();
    await large.servers.close();
  }
};
