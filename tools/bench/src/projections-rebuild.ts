import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { type EventStore, SqliteEventStore } from '@paykit/event-store';
import { openReadModelDatabase, type RebuildProgress, rebuildProjection } from '@paykit/projections';
import { eventsPerSecond, inTempDir, median } from './event-store/measure.js';
import { appendOrders, EVENTS_PER_ORDER } from './projections-rebuild/order-events.js';
import { ordersLikeProjection } from './projections-rebuild/orders-like-projection.js';

/**
 * `pnpm bench projections-rebuild`: a store of orders-like events (500,000 by default) and a
 * read model written like the orders list, rebuilt from position 0 side by side and swapped in,
 * exactly as `pnpm cli projections rebuild` does. Raw `$all` reads of the same store are timed
 * in the same run, alternating with the rebuilds. Target: the rebuild replays >= 50,000 events/s.
 */
export interface ProjectionsRebuildBenchmarkOptions {
  readonly events?: number;
  readonly rounds?: number;
  readonly print?: (line: string) => void;
}

export interface ProjectionsRebuildFigures {
  readonly events: number;
  readonly rawReadPerSecond: number;
  readonly rebuildPerSecond: number;
  /** The part of a rebuild spent swapping the finished tables into the main database (ATTACH + INSERT ... SELECT). */
  readonly swapSeconds: number;
  readonly ratio: number;
  readonly targetMet: boolean;
}

export const REBUILD_TARGET_PER_SECOND = 50_000;

export const runProjectionsRebuildBenchmark = async (
  options: ProjectionsRebuildBenchmarkOptions = {},
): Promise<ProjectionsRebuildFigures> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const orders = Math.max(1, Math.round((options.events ?? 500_000) / EVENTS_PER_ORDER));
  const events = orders * EVENTS_PER_ORDER;
  const rounds = options.rounds ?? 3;
  print(
    `projections-rebuild benchmark: ${events.toLocaleString('en-US')} orders-like events, medians of ${rounds} rounds`,
  );
  print(`node ${process.version}, ${availableParallelism()} CPUs`);
  return inTempDir(async (dir) => {
    const store = new SqliteEventStore({ dataDir: join(dir, 'events'), synchronous: 'normal' });
    try {
      const generated = Date.now();
      await appendOrders(store, orders);
      print(`generated the store in ${((Date.now() - generated) / 1000).toFixed(1)} s`);
      const reads: number[] = [];
      const rebuilds: number[] = [];
      const swaps: number[] = [];
      for (let round = 0; round < rounds; round++) {
        reads.push(await eventsPerSecond(events, () => readEverything(store, events)));
        const { rate, swapSeconds } = await rebuildOnce(store, join(dir, `read-models-${round}.db`), events);
        rebuilds.push(rate);
        swaps.push(swapSeconds);
      }
      const rawReadPerSecond = median(reads);
      const rebuildPerSecond = median(rebuilds);
      const figures = {
        events,
        rawReadPerSecond,
        rebuildPerSecond,
        swapSeconds: median(swaps),
        ratio: rebuildPerSecond / rawReadPerSecond,
        targetMet: rebuildPerSecond >= REBUILD_TARGET_PER_SECOND,
      };
      const rate = (value: number) => Math.round(value).toLocaleString('en-US').padStart(10);
      print(`raw $all read (readAll, JSON parsed)     ${rate(rawReadPerSecond)} events/s`);
      print(
        `rebuild from 0, side by side + swap      ${rate(rebuildPerSecond)} events/s  ` +
          `target >= ${REBUILD_TARGET_PER_SECOND.toLocaleString('en-US')}/s: ${figures.targetMet ? 'met' : 'MISSED'}`,
      );
      print(`  of which the swap (ATTACH + INSERT ... SELECT into the main database): ${figures.swapSeconds.toFixed(2)} s`);
      print(`ratio rebuild / raw read: ${figures.ratio.toFixed(2)}`);
      return figures;
    } finally {
      await store.close();
    }
  });
};

const readEverything = async (store: EventStore, expected: number): Promise<void> => {
  let count = 0;
  for await (const event of store.readAll()) if (event.position > 0n) count++;
  if (count !== expected) throw new Error(`read ${count} events, expected ${expected}`);
};

/** One rebuild from zero into a fresh read-model file; the swap is timed from the last progress report at the head. */
const rebuildOnce = async (store: EventStore, file: string, events: number) => {
  const db = openReadModelDatabase(file);
  try {
    let caughtUpAt = 0;
    const started = process.hrtime.bigint();
    const built = await rebuildProjection({
      store,
      db,
      projection: ordersLikeProjection,
      onProgress: (progress: RebuildProgress) => {
        if (progress.position === progress.head && caughtUpAt === 0) caughtUpAt = Number(process.hrtime.bigint());
      },
    });
    const ended = Number(process.hrtime.bigint());
    if (built.position !== BigInt(events)) throw new Error(`rebuilt to ${built.position}, expected ${events}`);
    const orders = db.prepare('SELECT count(*) FROM bench_orders').pluck().get() as number;
    if (orders !== events / EVENTS_PER_ORDER)
      throw new Error(`rebuilt ${orders} orders, expected ${events / EVENTS_PER_ORDER}`);
    return {
      rate: events / ((ended - Number(started)) / 1e9),
      swapSeconds: caughtUpAt === 0 ? 0 : (ended - caughtUpAt) / 1e9,
    };
  } finally {
    db.close();
  }
};
