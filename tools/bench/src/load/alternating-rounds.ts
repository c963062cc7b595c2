import { cpuSeconds } from '../processes/process-usage.js';
import { type AutocannonResult, type Target, load } from './autocannon.js';

export interface Measured {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** The server process's CPU time per request answered, in microseconds (null: not measured). */
  readonly cpuMicrosPerRequest: number | null;
}

export interface RoundsOptions {
  /** Each target's measured seconds, split over the rounds. */
  readonly seconds: number;
  readonly rounds: number;
  readonly warmUpSeconds: number;
}

export const ROUNDS_FROM_ENV: RoundsOptions = {
  seconds: Number(process.env['BENCH_HTTP_SECONDS'] ?? 10),
  rounds: Number(process.env['BENCH_HTTP_ROUNDS'] ?? 5),
  warmUpSeconds: 2,
};

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Round {
  readonly result: AutocannonResult;
  readonly cpu: number;
}

const measuredRound = async (target: Target, seconds: number): Promise<Round> => {
  const before = cpuSeconds(target.pid);
  const result = await load(target, seconds);
  return { result, cpu: cpuSeconds(target.pid) - before };
};

/**
 * Warms every target up, then loads them one after another in alternating rounds, so drifts in
 * the machine's load hit all alike. Requests/s and CPU per request over all rounds, median latencies.
 */
export const compare = async (
  targets: readonly Target[],
  options: RoundsOptions = ROUNDS_FROM_ENV,
): Promise<Measured[]> => {
  if (options.warmUpSeconds > 0) for (const target of targets) await load(target, options.warmUpSeconds);
  const rounds = new Map<Target, Round[]>(targets.map((target) => [target, []]));
  const roundSeconds = Math.max(1, Math.round(options.seconds / options.rounds));
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) rounds.get(target)!.push(await measuredRound(target, roundSeconds));
  }
  return targets.map((target) => {
    const measured = rounds.get(target)!;
    const total = measured.reduce((sum, { result }) => sum + result.requests.total, 0);
    const cpu = measured.reduce((sum, round) => sum + round.cpu, 0);
    return {
      name: target.name,
      requestsPerSecond: total / (roundSeconds * options.rounds),
      p50: median(measured.map(({ result }) => result.latency.p50)),
      p99: median(measured.map(({ result }) => result.latency.p99)),
      cpuMicrosPerRequest: total > 0 ? (cpu / total) * 1e6 : null,
    };
  });
};
