import { readFile, readdir } from 'node:fs/promises';

export interface TreeMemory {
  /** Chromium processes under this one. */
  readonly processes: number;
  /** Sum of their resident set sizes, MiB (counts shared pages once per process). */
  readonly rssMiB: number;
  /** Sum of their proportional set sizes, MiB (shared pages split among sharers): the honest total. */
  readonly pssMiB: number;
}

const kib = (text: string, field: string): number =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** Every process whose ancestry leads to `root`, read from /proc (Linux only). */
const descendants = async (root: number): Promise<number[]> => {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const parent = /^PPid:\s+(\d+)/m.exec(status)?.[1];
    if (parent) parents.set(Number(entry), Number(parent));
  }
  const isUnder = (pid: number): boolean => {
    for (
      let current = parents.get(pid), hops = 0;
      current !== undefined && hops < 64;
      current = parents.get(current), hops++
    ) {
      if (current === root) return true;
    }
    return false;
  };
  return [...parents.keys()].filter(isUnder);
};

/** Memory of the Chromium processes this process launched (the browser and its renderers, GPU, utilities). */
export const chromiumMemory = async (root = process.pid): Promise<TreeMemory> => {
  let processes = 0;
  let rss = 0;
  let pss = 0;
  for (const pid of await descendants(root)) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    if (!/^Name:\s+.*chrom/im.test(status)) continue;
    processes++;
    rss += kib(status, 'VmRSS');
    pss += kib(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => ''), 'Pss');
  }
  return { processes, rssMiB: rss / 1024, pssMiB: pss / 1024 };
};

/** Samples until stopped and keeps the peak (by PSS). */
export const samplePeak = (everyMs: number): { stop(): Promise<TreeMemory> } => {
  let peak: TreeMemory = { processes: 0, rssMiB: 0, pssMiB: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = await chromiumMemory();
      if (now.pssMiB > peak.pssMiB) peak = now;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
};
