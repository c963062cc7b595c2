import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { EVENTS_FILE_NAME, type EventStore, SqliteEventStore } from '@paykit/event-store';
import {
  catchUpFromStart,
  concurrentSingleAppends,
  prepareEvents,
  readWholeStream,
  sequentialBatchAppends,
  sequentialSingleAppends,
} from './event-store/adapter-workloads.js';
import { type Durability, eventsPerSecond, inTempDir, median } from './event-store/measure.js';
import {
  openPlain,
  plainEventInserts,
  plainFullScan,
  plainInserts,
  plainStreamScan,
  prepareRows,
} from './event-store/plain-sqlite.js';
import { DATA_BYTES } from './event-store/workload-data.js';

/**
 * `pnpm bench event-store`: the sqlite adapter against plain better-sqlite3 code, in the same
 * run and under the same durability setting (FULL, then NORMAL). Plain and adapter alternate
 * round by round so load drifts hit both alike; each figure is the median of the rounds.
 * Targets: single-event appends >= 50% of the plain loop; `$all` catch-up >= 100,000 events/s.
 */
export interface EventStoreBenchmarkOptions {
  /** Multiplies every workload's size (the smoke test runs a tiny fraction). */
  readonly scale?: number;
  readonly rounds?: number;
  readonly print?: (line: string) => void;
}

export interface Figure {
  readonly workload: string;
  readonly durability: Durability;
  readonly plain: number;
  readonly adapter: number;
  readonly ratio: number;
  readonly target?: { readonly description: string; readonly met: boolean };
}

type Workload = 'single' | 'singleSameSchema' | 'batch' | 'read' | 'catchUp' | 'concurrent';
type Recorder = (workload: Workload, side: 'plain' | 'adapter', eventsPerSecond: number) => void;

const CLIENTS = 64;
const BATCH_SIZE = 100;
const BUILD_BATCH = 1000;

const sizesFor = (durability: Durability, scale: number) => {
  const multiple = (n: number, of: number) => Math.max(of, Math.round((n * scale) / of) * of);
  return {
    // An fsync per commit makes FULL single appends ~10x slower: fewer of them take as long.
    single: multiple(durability === 'FULL' ? 2_000 : 20_000, 1),
    concurrent: multiple(durability === 'FULL' ? 12_800 : 64_000, CLIENTS),
    batchEvents: multiple(50_000, BATCH_SIZE),
    longStream: multiple(50_000, BUILD_BATCH),
    otherEvents: multiple(50_000, BUILD_BATCH),
  };
};
type Sizes = ReturnType<typeof sizesFor>;

export const runEventStoreBenchmark = async (options: EventStoreBenchmarkOptions = {}): Promise<Figure[]> => {
  const print = options.print ?? ((line: string) => console.log(line));
  const scale = options.scale ?? 1;
  const rounds = options.rounds ?? 3;
  print(`event-store benchmark: sqlite adapter vs plain better-sqlite3 (WAL), medians of ${rounds} rounds`);
  print(`node ${process.version}, ${availableParallelism()} CPUs, event data ${DATA_BYTES} B of JSON (+ metadata)`);
  const figures: Figure[] = [];
  for (const durability of ['FULL', 'NORMAL'] as const) {
    const samples = new Map<string, number[]>();
    const record: Recorder = (workload, side, value) =>
      samples.set(`${workload}/${side}`, [...(samples.get(`${workload}/${side}`) ?? []), value]);
    await measureAppends(durability, sizesFor(durability, scale / 10), () => {}); // warms up the JIT, unrecorded
    for (let round = 0; round < rounds; round++) await measureAppends(durability, sizesFor(durability, scale), record);
    await measureReads(durability, sizesFor(durability, scale), rounds, record);
    const durabilityFigures = summarize(durability, (key) => median(samples.get(key) ?? [Number.NaN]));
    durabilityFigures.forEach((figure) => print(formatFigure(figure)));
    figures.push(...durabilityFigures);
  }
  return figures;
};

const measureAppends = async (durability: Durability, sizes: Sizes, record: Recorder): Promise<void> => {
  const singleRows = prepareRows(sizes.single);
  const singleEvents = prepareEvents(sizes.single);
  record(
    'single',
    'plain',
    await withPlain(durability, (db) => rate(sizes.single, () => plainInserts(db, singleRows, 1))),
  );
  record(
    'single',
    'adapter',
    await withStore(durability, (store) => rate(sizes.single, () => sequentialSingleAppends(store, singleEvents))),
  );
  record(
    'singleSameSchema',
    'plain',
    await withPlain(durability, (db) => rate(sizes.single, () => plainEventInserts(db, singleEvents, durability))),
  );

  const batchRows = prepareRows(sizes.batchEvents);
  const batchEvents = prepareEvents(sizes.batchEvents);
  record(
    'batch',
    'plain',
    await withPlain(durability, (db) => rate(sizes.batchEvents, () => plainInserts(db, batchRows, BATCH_SIZE))),
  );
  record(
    'batch',
    'adapter',
    await withStore(durability, (store) =>
      rate(sizes.batchEvents, () => sequentialBatchAppends(store, batchEvents, BATCH_SIZE)),
    ),
  );

  const concurrentEvents = prepareEvents(sizes.concurrent);
  record(
    'concurrent',
    'adapter',
    await withStore(durability, (store) =>
      rate(sizes.concurrent, () => concurrentSingleAppends(store, concurrentEvents, CLIENTS)),
    ),
  );
};

/** Reads are measured on one store holding a long stream among other streams' events. */
const measureReads = (durability: Durability, sizes: Sizes, rounds: number, record: Recorder): Promise<void> =>
  withStore(durability, async (store, file) => {
    const total = sizes.longStream + sizes.otherEvents;
    await sequentialBatchAppends(store, prepareEvents(sizes.longStream), BUILD_BATCH, 'long', 1);
    await sequentialBatchAppends(store, prepareEvents(sizes.otherEvents), BUILD_BATCH, 'other', 10);
    for (let round = 0; round < rounds; round++) {
      record(
        'read',
        'plain',
        await rate(sizes.longStream, () => expectCount(plainStreamScan(file, 'long-0'), sizes.longStream)),
      );
      record(
        'read',
        'adapter',
        await rate(sizes.longStream, async () => expectCount(await readWholeStream(store, 'long-0'), sizes.longStream)),
      );
      record('catchUp', 'plain', await rate(total, () => expectCount(plainFullScan(file), total)));
      record(
        'catchUp',
        'adapter',
        await rate(total, async () => expectCount(await catchUpFromStart(store, total), total)),
      );
    }
  });

const summarize = (durability: Durability, medianOf: (key: string) => number): Figure[] => {
  const figure = (workload: string, plainKey: string, adapterKey: string): Figure => {
    const plain = medianOf(plainKey);
    const adapter = medianOf(adapterKey);
    return { workload, durability, plain, adapter, ratio: adapter / plain };
  };
  const single = figure('single-event appends/s', 'single/plain', 'single/adapter');
  const catchUp = figure('$all catch-up subscription, events/s', 'catchUp/plain', 'catchUp/adapter');
  return [
    { ...single, target: { description: '>= 50% of plain', met: single.ratio >= 0.5 } },
    figure("  the same, plain code on the adapter's table and index", 'singleSameSchema/plain', 'single/adapter'),
    figure(`${BATCH_SIZE}-event batch appends, events/s`, 'batch/plain', 'batch/adapter'),
    figure('readStream, events/s', 'read/plain', 'read/adapter'),
    { ...catchUp, target: { description: '>= 100,000 events/s', met: catchUp.adapter >= 100_000 } },
    figure(`${CLIENTS} concurrent single-event appends/s (plain: one at a time)`, 'single/plain', 'concurrent/adapter'),
  ];
};

const rate = eventsPerSecond;

const withPlain = <T>(durability: Durability, work: (db: ReturnType<typeof openPlain>) => Promise<T>): Promise<T> =>
  inTempDir(async (dir) => {
    const db = openPlain(dir, durability);
    try {
      return await work(db);
    } finally {
      db.close();
    }
  });

/** A store on a fresh temporary directory, closed and removed afterwards. */
const withStore = <T>(durability: Durability, work: (store: EventStore, file: string) => Promise<T>): Promise<T> =>
  inTempDir(async (dataDir) => {
    const store = new SqliteEventStore({ dataDir, synchronous: durability === 'FULL' ? 'full' : 'normal' });
    try {
      return await work(store, join(dataDir, EVENTS_FILE_NAME));
    } finally {
      await store.close();
    }
  });

const expectCount = (actual: number, expected: number): void => {
  if (actual !== expected) throw new Error(`read ${actual} events, expected ${expected}`);
};

const formatRate = (value: number) => Math.round(value).toLocaleString('en-US');

const formatFigure = (figure: Figure): string => {
  const target = figure.target ? `  target ${figure.target.description}: ${figure.target.met ? 'met' : 'MISSED'}` : '';
  return (
    `[${figure.durability.padEnd(6)}] ${figure.workload.padEnd(62)} plain ${formatRate(figure.plain).padStart(9)}` +
    `  adapter ${formatRate(figure.adapter).padStart(9)}  ratio ${figure.ratio.toFixed(2)}${target}`
  );
};
