import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM, type RunningApp, createApp } from '@paykit/api';
import type { Platform } from '@paykit/platform';
import Fastify from 'fastify';

/**
 * `pnpm bench http`: requests/s and latency of our authenticated read route against a bare
 * Fastify server answering the same JSON, in the same run (same machine, same load), with
 * autocannon. Target: ours >= 50% of bare Fastify's requests/s.
 *
 * Both servers and autocannon share this process, as the baseline in NOTES.md was measured;
 * compare the ratio, not the absolute numbers. BENCH_HTTP_SECONDS sets each server's seconds.
 */

export interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}
/** One request autocannon sends; `setupRequest` may rewrite it each time (a fresh body per request). */
export interface AutocannonRequest {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: readonly AutocannonRequest[];
  /** Requests per second over all connections: a fixed-rate run instead of as fast as possible. */
  overallRate?: number;
}) => Promise<AutocannonResult>;
// autocannon ships no types; only what this file calls is declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_HTTP_SECONDS'] ?? 10);
/** Each server's time is split into rounds that alternate, so load drifts hit both alike. */
const ROUNDS = 5;
const WARM_UP_SECONDS = 2;
const TARGET_RATIO = 0.5;
const ROUTE = '/unstable/projects/current';

export interface Target {
  readonly name: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  /** What to send instead of a plain GET of `url`. */
  readonly requests?: readonly AutocannonRequest[];
}

export interface Measured {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
}

export const load = async (target: Target, seconds: number, overallRate?: number): Promise<AutocannonResult> => {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.headers,
    ...(target.requests && { requests: target.requests }),
    ...(overallRate !== undefined && { overallRate }),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
};

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Warms both up, then runs them in alternating rounds; requests/s over all rounds, median latencies. */
export const compare = async (targets: readonly Target[]): Promise<Measured[]> => {
  for (const target of targets) await load(target, WARM_UP_SECONDS);
  const rounds = new Map<Target, AutocannonResult[]>(targets.map((target) => [target, []]));
  const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) rounds.get(target)!.push(await load(target, roundSeconds));
  }
  return targets.map((target) => {
    const results = rounds.get(target)!;
    const total = results.reduce((sum, result) => sum + result.requests.total, 0);
    return {
      name: target.name,
      requestsPerSecond: total / (roundSeconds * ROUNDS),
      p50: median(results.map((result) => result.latency.p50)),
      p99: median(results.map((result) => result.latency.p99)),
    };
  });
};

const row = (measured: Measured): string =>
  `| ${measured.name.padEnd(42)} | ${Math.round(measured.requestsPerSecond).toString().padStart(10)} | ${String(measured.p50).padStart(8)} | ${String(measured.p99).padStart(8)} |`;

export const printTable = (rows: readonly Measured[]): void => {
  console.log(
    `| ${'server'.padEnd(42)} | ${'requests/s'.padStart(10)} | ${'p50 ms'.padStart(8)} | ${'p99 ms'.padStart(8)} |`,
  );
  console.log(`|${'-'.repeat(44)}|${'-'.repeat(12)}|${'-'.repeat(10)}|${'-'.repeat(10)}|`);
  for (const measured of rows) console.log(row(measured));
};

export interface BenchServers {
  readonly ours: RunningApp;
  /** Every scope: made by the code the admin CLI runs. */
  readonly serverKey: string;
  /** The bare Fastify baseline: answers `body` on `route` (under /api) for GET and POST. */
  bareUrl(route: string, body: unknown): Promise<string>;
  close(): Promise<void>;
}

/** Our server (sqlite store in a temp directory, a real project and key) and a bare Fastify beside it. */
export const startBenchServers = async (name: string): Promise<BenchServers> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'paykit-bench-http-'));
  const ours = await createApp({
    env: {
      PORT: 0,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EVENT_STORE: 'sqlite',
      LOG_LEVEL: 'warn',
      // Limits stay on (their cost is part of every request) but far above what the run sends.
      RATE_LIMIT_READS_PER_MIN: 1_000_000_000,
      RATE_LIMIT_WRITES_PER_MIN: 1_000_000_000,
    },
  });
  const bare = Fastify({ logger: false });
  const bodies = new Map<string, unknown>();
  bare.route({ method: ['GET', 'POST'], url: '/api/*', handler: async (request) => bodies.get(request.url) ?? {} });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const bareRoot = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const platform = ours.app.get<Platform>(PLATFORM);
  const { serverKey } = await platform.provisionProject(
    { name, environment: 'staging' },
    { actor: { type: 'cli', id: 'bench-http' } },
  );
  return {
    ours,
    serverKey,
    bareUrl: async (route, body) => {
      bodies.set(`/api${route}`, body);
      return `${bareRoot}/api${route}`;
    },
    close: async () => {
      await bare.close();
      await ours.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export const runHttpBenchmark = async (): Promise<void> => {
  const servers = await startBenchServers('HTTP benchmark');
  try {
    const { ours, serverKey } = servers;
    const ourUrl = `${ours.baseUrl}${ROUTE}`;
    const sample = await fetch(ourUrl, { headers: { 'x-api-key': serverKey } });
    if (sample.status !== 200) throw new Error(`${ourUrl} answered ${sample.status}: ${await sample.text()}`);
    const bareUrl = await servers.bareUrl(ROUTE, await sample.json());

    console.log(
      `HTTP benchmark: GET ${ROUTE}, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds (after ${WARM_UP_SECONDS} s warm-up)\n`,
    );
    const [baseline, api] = (await compare([
      { name: 'bare Fastify, same JSON', url: bareUrl, headers: {} },
      { name: 'PayKit API, authenticated (server key)', url: ourUrl, headers: { 'x-api-key': serverKey } },
    ])) as [Measured, Measured];
    const ratio = api.requestsPerSecond / baseline.requestsPerSecond;

    printTable([baseline, api]);
    console.log(
      `\nratio: ${(ratio * 100).toFixed(1)}% of bare Fastify (target >= ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  } finally {
    await servers.close();
  }
};
