import { Agent } from 'node:http';
import { mib, filesUnder, totalBytes } from './growth/data-dir-size.js';
import { percentile } from './load/percentile.js';
import { send } from './load/send.js';
import { startBenchApi } from './processes/bench-api.js';
import { cpuSeconds, residentMiB } from './processes/process-usage.js';
import { WALLETS, freshWalletBody, postJson } from './wallets/wallet-requests.js';

/**
 * `pnpm bench growth`: how cost grows with the store. BENCH_GROWTH_CONNECTIONS clients (16) in
 * the bench process create wallets and orders (half each) against the API in a child process,
 * without pause, for BENCH_GROWTH_MINUTES (5). Every BENCH_GROWTH_INTERVAL_SECONDS (60) it
 * prints that interval's throughput, latencies, the API process's CPU time per request (which,
 * unlike throughput, does not depend on what else shares the cores) and memory, and the size of
 * the data directory. A cost that grows with the store shows as CPU per request and p99 rising
 * from the first interval to the last.
 */

export interface GrowthBenchmarkOptions {
  readonly minutes?: number;
  readonly intervalSeconds?: number;
  readonly connections?: number;
  readonly print?: (line: string) => void;
}

export interface GrowthInterval {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly walletP99: number;
  readonly orderP99: number;
  readonly cpuMicrosPerRequest: number;
  readonly residentMiB: number;
  readonly dataBytes: number;
}

export interface GrowthFigures {
  readonly intervals: readonly GrowthInterval[];
  readonly wallets: number;
  readonly orders: number;
  readonly failures: number;
  /** How long the projections took to catch up once the load stopped. */
  readonly catchUpSeconds: number;
}

const ORDERS = '/2022-06-09/orders';
type Kind = 'wallet' | 'order';

const orderBody = (walletAddress: string): string =>
  JSON.stringify({
    recipient: { walletAddress },
    payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
    lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '10' } }],
  });

/** What the clients record between two reports. */
class Interval {
  readonly latencies: Record<Kind, number[]> = { wallet: [], order: [] };
  readonly started = performance.now();
  constructor(
    readonly cpuBefore: number,
    readonly index: number,
  ) {}
}

const ms = (value: number) => value.toFixed(1);
const cell = (value: string | number, width: number) => String(value).padStart(width);

export const runGrowthBenchmark = async (options: GrowthBenchmarkOptions = {}): Promise<GrowthFigures> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const minutes = options.minutes ?? Number(process.env['BENCH_GROWTH_MINUTES'] ?? 5);
  const intervalSeconds = options.intervalSeconds ?? Number(process.env['BENCH_GROWTH_INTERVAL_SECONDS'] ?? 60);
  const connections = options.connections ?? Number(process.env['BENCH_GROWTH_CONNECTIONS'] ?? 16);
  const ours = await startBenchApi('Growth benchmark');
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  try {
    const { api, serverKey, dataDir } = ours;
    const buyer = await postJson(
      `${api.baseUrl}${WALLETS}`,
      serverKey,
      JSON.stringify({ chainType: 'evm', type: 'mpc', owner: 'userId:growth-buyer' }),
      201,
    );
    await postJson(`${api.baseUrl}${ORDERS}`, serverKey, orderBody(buyer.address), 201);
    const requests: Record<Kind, { url: URL; body: () => string }> = {
      wallet: { url: new URL(`${api.baseUrl}${WALLETS}`), body: freshWalletBody },
      order: { url: new URL(`${api.baseUrl}${ORDERS}`), body: () => orderBody(buyer.address) },
    };
    const headers = { 'content-type': 'application/json', 'x-api-key': serverKey };
    const counts: Record<Kind, number> = { wallet: 0, order: 0 };
    let failures = 0;
    let firstFailure = '';
    let current = new Interval(cpuSeconds(api.pid), 1);
    const intervals: GrowthInterval[] = [];

    print(
      `Growth benchmark: ${connections} clients creating wallets and orders (half each) without pause for ${minutes} min ` +
        `against the API in its own process (sqlite store, synchronous=FULL), a report every ${intervalSeconds} s\n`,
    );
    print(
      `| ${['interval', 'requests/s', 'p50 ms', 'p99 ms', 'wallet p99', 'order p99', 'CPU us/req', 'API RSS MiB', 'data MiB'].map((h, i) => (i ? cell(h, 11) : h.padEnd(8))).join(' | ')} |`,
    );
    print(`|${'-'.repeat(10)}|${Array.from({ length: 8 }, () => `${'-'.repeat(12)}:`).join('|')}|`);

    const report = async () => {
      const finished = current;
      const cpu = cpuSeconds(api.pid);
      current = new Interval(cpu, finished.index + 1);
      const all = [...finished.latencies.wallet, ...finished.latencies.order];
      const seconds = (performance.now() - finished.started) / 1000;
      const interval: GrowthInterval = {
        requests: all.length,
        requestsPerSecond: all.length / seconds,
        p50: percentile(all, 0.5),
        p99: percentile(all, 0.99),
        walletP99: percentile(finished.latencies.wallet, 0.99),
        orderP99: percentile(finished.latencies.order, 0.99),
        cpuMicrosPerRequest: all.length ? ((cpu - finished.cpuBefore) / all.length) * 1e6 : 0,
        residentMiB: residentMiB(api.pid),
        dataBytes: totalBytes(await filesUnder(dataDir)),
      };
      intervals.push(interval);
      const values = [
        Math.round(interval.requestsPerSecond),
        ms(interval.p50),
        ms(interval.p99),
        ms(interval.walletP99),
        ms(interval.orderP99),
        Math.round(interval.cpuMicrosPerRequest),
        Math.round(interval.residentMiB),
        mib(interval.dataBytes),
      ];
      print(`| ${String(finished.index).padEnd(8)} | ${values.map((value) => cell(value, 11)).join(' | ')} |`);
    };

    // The clients stop at the last report's tick: the last interval is a whole one too (plus the
    // few requests in flight then).
    const reports = Math.max(1, Math.round((minutes * 60) / intervalSeconds));
    let stopping = false;
    const client = async (number: number) => {
      for (let turn = number; !stopping; turn++) {
        const kind: Kind = turn % 2 === 0 ? 'wallet' : 'order';
        const began = performance.now();
        const answer = await send(agent, requests[kind].url, {
          method: 'POST',
          headers,
          body: requests[kind].body(),
        }).catch((error: Error) => ({
          status: 0,
          body: error.message,
        }));
        if (answer.status === 201) {
          current.latencies[kind].push(performance.now() - began);
          counts[kind]++;
        } else {
          failures++;
          firstFailure ||= `${kind}: ${answer.status} ${answer.body.slice(0, 300)}`;
        }
      }
    };
    let reporting = Promise.resolve();
    const ticker = setInterval(() => {
      if (current.index < reports) reporting = reporting.then(report);
      else stopping = true;
    }, intervalSeconds * 1000);
    await Promise.all(Array.from({ length: connections }, (_, number) => client(number)));
    clearInterval(ticker);
    await reporting;
    await report();

    const stopped = performance.now();
    await api.waitUntilCaughtUp();
    const catchUpSeconds = (performance.now() - stopped) / 1000;
    summarise(intervals, print);
    print('');
    print(
      `created ${counts.wallet.toLocaleString('en-US')} wallets and ${counts.order.toLocaleString('en-US')} orders; ${failures} requests failed${failures ? ` (first: ${firstFailure})` : ''}`,
    );
    print(`projections caught up ${catchUpSeconds.toFixed(1)} s after the load stopped`);
    const files = (await filesUnder(dataDir)).sort((a, b) => b.bytes - a.bytes).slice(0, 6);
    print(`largest files: ${files.map((file) => `${file.path} ${mib(file.bytes)} MiB`).join(', ')}`);
    return { intervals, wallets: counts.wallet, orders: counts.order, failures, catchUpSeconds };
  } finally {
    agent.destroy();
    await ours.close();
  }
};

/** First interval against the last: does a request cost more once the store has grown? */
const summarise = (intervals: readonly GrowthInterval[], print: (line: string) => void): void => {
  const [first, last] = [intervals[0], intervals.at(-1)];
  if (!first || !last || first === last) return;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
  const requests = intervals.reduce((sum, interval) => sum + interval.requests, 0);
  print('');
  print(
    `last interval against the first: CPU per request x${ratio(last.cpuMicrosPerRequest, first.cpuMicrosPerRequest)}, ` +
      `p99 x${ratio(last.p99, first.p99)}, requests/s x${ratio(last.requestsPerSecond, first.requestsPerSecond)}; ` +
      `data directory ${mib(last.dataBytes)} MiB after ${requests.toLocaleString('en-US')} requests (${(last.dataBytes / Math.max(1, requests) / 1024).toFixed(1)} KiB per request)`,
  );
};
