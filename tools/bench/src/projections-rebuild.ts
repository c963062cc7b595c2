import { join } from 'node:path';
import { readModelProjections } from '@paykit/api/read-models';
import { type EventStore, SqliteEventStore } from '@paykit/event-store';
import { type Projection, type RebuildProgress, openReadModelDatabase, rebuildProjection } from '@paykit/projections';
import { catchUpFromStart } from './event-store/adapter-workloads.js';
import { eventsPerSecond, inTempDir, median } from './event-store/measure.js';
import { EVENTS_PER_SAMPLE_ORDER } from './orders-list/sample-orders.js';
import { appendSampleOrders } from './projections-rebuild/order-events.js';

/**
 * `pnpm bench projections-rebuild`: the API's real orders-list projection rebuilt from position 0
 * side by side and swapped in, exactly as `pnpm cli projections rebuild orders-list` does, over a
 * store filled beforehand with orders' events as the orders decider produces them (500,000
 * events by default). The raw `$all` catch-up subscription over the same store is timed in the
 * same run, alternating with the rebuilds. Everything runs in this one process (no HTTP, no
 * server): the figure is the rebuild machinery and the projection, against reading the store.
 * Target (issue 15): the rebuild replays >= 100,000 events/s, within 2.5x of the raw catch-up.
 */
export interface ProjectionsRebuildBenchmarkOptions {
  readonly events?: number;
  readonly rounds?: number;
  readonly print?: (line: string) => void;
}

export interface ProjectionsRebuildFigures {
  readonly events: number;
  readonly orders: number;
  readonly rawCatchUpPerSecond: number;
  readonly rebuildPerSecond: number;
  /** CPU time of this process (every thread) per event: steadier than rates on a shared machine. */
  readonly rawCatchUpCpuMicrosPerEvent: number;
  readonly rebuildCpuMicrosPerEvent: number;
  /** The part of a rebuild spent swapping the finished tables into the main database (ATTACH + INSERT ... SELECT). */
  readonly swapSeconds: number;
  /** Raw catch-up / rebuild: how many times slower the rebuild reads the store. */
  readonly slowdown: number;
  readonly targetMet: boolean;
}

export const REBUILD_TARGET_PER_SECOND = 100_000;
export const REBUILD_TARGET_SLOWDOWN = 2.5;
const ORDERS_LIST = 'orders-list';

const ordersListProjection = (): Projection => {
  const projection = readModelProjections().find((candidate) => candidate.name === ORDERS_LIST);
  if (!projection) throw new Error(`the API has no ${ORDERS_LIST} projection`);
  return projection;
};

export const runProjectionsRebuildBenchmark = async (
  options: ProjectionsRebuildBenchmarkOptions = {},
): Promise<ProjectionsRebuildFigures> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const orders = Math.max(
    1,
    Math.round((options.events ?? Number(process.env['BENCH_REBUILD_EVENTS'] ?? 500_000)) / EVENTS_PER_SAMPLE_ORDER),
  );
  const rounds = options.rounds ?? 3;
  const projection = ordersListProjection();
  return inTempDir(async (dir) => {
    const store = new SqliteEventStore({ dataDir: join(dir, 'events'), synchronous: 'normal' });
    try {
      const generated = Date.now();
      const events = await appendSampleOrders(store, orders);
      print(
        `projections-rebuild benchmark: the API's ${projection.name} projection (v${projection.version}) over ${events.toLocaleString('en-US')} events of ` +
          `${orders.toLocaleString('en-US')} orders (generated in ${((Date.now() - generated) / 1000).toFixed(1)} s), medians of ${rounds} rounds, ` +
          'store, catch-up and rebuild all in this one process (no HTTP)',
      );
      const catchUps: number[] = [];
      const rebuilds: number[] = [];
      const swaps: number[] = [];
      const catchUpCpu: number[] = [];
      const rebuildCpu: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const catchUpStarted = process.cpuUsage();
        catchUps.push(await eventsPerSecond(events, () => catchUpExactly(store, events)));
        catchUpCpu.push(cpuMicrosSince(catchUpStarted) / events);
        const rebuildStarted = process.cpuUsage();
        const { rate, swapSeconds } = await rebuildOnce(store, projection, join(dir, `read-models-${round}.db`), {
          events,
          orders,
        });
        rebuildCpu.push(cpuMicrosSince(rebuildStarted) / events);
        rebuilds.push(rate);
        swaps.push(swapSeconds);
      }
      const rawCatchUpPerSecond = median(catchUps);
      const rebuildPerSecond = median(rebuilds);
      const slowdown = rawCatchUpPerSecond / rebuildPerSecond;
      const figures = {
        events,
        orders,
        rawCatchUpPerSecond,
        rebuildPerSecond,
        rawCatchUpCpuMicrosPerEvent: median(catchUpCpu),
        rebuildCpuMicrosPerEvent: median(rebuildCpu),
        swapSeconds: median(swaps),
        slowdown,
        targetMet: rebuildPerSecond >= REBUILD_TARGET_PER_SECOND && slowdown <= REBUILD_TARGET_SLOWDOWN,
      };
      const rate = (value: number) => Math.round(value).toLocaleString('en-US').padStart(10);
      const cpu = (value: number) => `${value.toFixed(1).padStart(6)} CPU us/event`;
      print(
        `raw $all catch-up subscription            ${rate(rawCatchUpPerSecond)} events/s ${cpu(figures.rawCatchUpCpuMicrosPerEvent)}`,
      );
      print(
        `${projection.name} rebuild from 0 + swap      ${rate(rebuildPerSecond)} events/s ${cpu(figures.rebuildCpuMicrosPerEvent)}`,
      );
      print(
        `  of which the swap (ATTACH + INSERT ... SELECT into the main database): ${figures.swapSeconds.toFixed(2)} s`,
      );
      print(
        `ratio rebuild / raw catch-up: ${(1 / slowdown).toFixed(2)} (${slowdown.toFixed(1)}x slower; target >= ` +
          `${REBUILD_TARGET_PER_SECOND.toLocaleString('en-US')}/s and within ${REBUILD_TARGET_SLOWDOWN}x): ${figures.targetMet ? 'met' : 'MISSED'}`,
      );
      return figures;
    } finally {
      await store.close();
    }
  });
};

const cpuMicrosSince = (started: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(started);
  return used.user + used.system;
};

const catchUpExactly = async (store: EventStore, expected: number): Promise<void> => {
  const count = await catchUpFromStart(store, expected);
  if (count !== expected) throw new Error(`caught up ${count} events, expected ${expected}`);
};

/** One rebuild from zero into a fresh read-model file; the swap is timed from the last progress report at the head. */
const rebuildOnce = async (
  store: EventStore,
  projection: Projection,
  file: string,
  expected: { events: number; orders: number },
) => {
  const db = openReadModelDatabase(file);
  try {
    let caughtUpAt = 0;
    const started = process.hrtime.bigint();
    const built = await rebuildProjection({
      store,
      db,
      projection,
      onProgress: (progress: RebuildProgress) => {
        if (progress.position === progress.head && caughtUpAt === 0) caughtUpAt = Number(process.hrtime.bigint());
      },
    });
    const ended = Number(process.hrtime.bigint());
    if (built.position !== BigInt(expected.events))
      throw new Error(`rebuilt to ${built.position}, expected ${expected.events}`);
    const listed = db.prepare('SELECT count(*) FROM orders_list').pluck().get() as number;
    if (listed !== expected.orders) throw new Error(`rebuilt ${listed} orders, expected ${expected.orders}`);
    return {
      rate: expected.events / ((ended - Number(started)) / 1e9),
      swapSeconds: caughtUpAt === 0 ? 0 : (ended - caughtUpAt) / 1e9,
    };
  } finally {
    db.close();
  }
};
