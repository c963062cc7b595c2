import { type Measured, ROUNDS_FROM_ENV, type RoundsOptions, compare } from './load/alternating-rounds.js';
import { CONNECTIONS } from './load/autocannon.js';
import { measuredTable, percentOf, verdict } from './load/table.js';
import { startBareFastify } from './processes/bare-fastify.js';
import { startBenchApi } from './processes/bench-api.js';

/**
 * `pnpm bench http`: requests/s of our authenticated read route against bare Fastify answering
 * the same JSON. Each server runs in a child process of its own (the API as `pnpm start` runs
 * it, its project made by the admin CLI); autocannon loads them from this process, one at a
 * time, in alternating rounds. Target: ours >= 50% of bare Fastify's requests/s.
 * BENCH_HTTP_SECONDS and BENCH_HTTP_ROUNDS set each server's seconds and their rounds.
 */

export interface HttpBenchmarkOptions {
  readonly rounds?: RoundsOptions;
  readonly print?: (line: string) => void;
}

export interface HttpFigures {
  readonly baseline: Measured;
  readonly api: Measured;
  readonly ratio: number;
}

const TARGET_RATIO = 0.5;
const ROUTE = '/unstable/projects/current';

export const runHttpBenchmark = async (options: HttpBenchmarkOptions = {}): Promise<HttpFigures> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const rounds = options.rounds ?? ROUNDS_FROM_ENV;
  const ours = await startBenchApi('HTTP benchmark');
  try {
    const ourUrl = `${ours.api.baseUrl}${ROUTE}`;
    const headers = { 'x-api-key': ours.serverKey };
    const sample = await fetch(ourUrl, { headers });
    if (sample.status !== 200) throw new Error(`${ourUrl} answered ${sample.status}: ${await sample.text()}`);
    const path = new URL(ourUrl).pathname;
    const bare = await startBareFastify({ [path]: await sample.json() });
    try {
      print(
        `HTTP benchmark: GET ${ROUTE}, ${CONNECTIONS} connections from the bench process, each server in its own process, ` +
          `${rounds.seconds} s each in ${rounds.rounds} alternating rounds (after ${rounds.warmUpSeconds} s warm-up)\n`,
      );
      const [baseline, api] = (await compare(
        [
          { name: 'bare Fastify, same JSON', url: bare.url(path), pid: bare.pid },
          { name: 'PayKit API, authenticated (server key)', url: ourUrl, pid: ours.api.pid, headers },
        ],
        rounds,
      )) as [Measured, Measured];
      const ratio = api.requestsPerSecond / baseline.requestsPerSecond;
      for (const line of measuredTable([baseline, api])) print(line);
      print('');
      print(
        `ratio: ${percentOf(api.requestsPerSecond, baseline.requestsPerSecond)} of bare Fastify (target >= ${TARGET_RATIO * 100}%): ${verdict(ratio >= TARGET_RATIO)}`,
      );
      if (api.cpuMicrosPerRequest !== null && baseline.cpuMicrosPerRequest !== null) {
        print(
          `CPU per request: ${(api.cpuMicrosPerRequest / baseline.cpuMicrosPerRequest).toFixed(1)}x bare Fastify's`,
        );
      }
      return { baseline, api, ratio };
    } finally {
      await bare.stop();
    }
  } finally {
    await ours.close();
  }
};
