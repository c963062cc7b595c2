import type { RebuildProgress } from '@paykit/projections';

const WIDTH = 30;

/**
 * One line of rebuild progress for stderr: a bar, the share of `$all` replayed, the rate, and
 * an ETA from the rate so far (positions count events: the sqlite store's have no gaps).
 */
const renderProgress = (name: string, progress: RebuildProgress, now: number): string => {
  const { line } = progressOf(name, progress, now);
  return `${line}\x1b[K`;
};

/**
 * Progress for stderr: on a terminal the line redraws itself (`\r`, clear to the end); in a file
 * or a pipe, a plain line at each quarter, so a log holds no control characters.
 */
export const progressWriter = (write: (text: string) => void, terminal: boolean) => {
  let lastQuarter = -1;
  return {
    show(name: string, progress: RebuildProgress, now: number): void {
      if (terminal) {
        write(`\r${renderProgress(name, progress, now)}`);
        return;
      }
      const { line, share } = progressOf(name, progress, now);
      const quarter = Math.floor(share * 4);
      if (quarter > lastQuarter) {
        lastQuarter = quarter;
        write(`${line}\n`);
      }
    },
    done(line: string): void {
      write(terminal ? `\r${line}\x1b[K\n` : `${line}\n`);
      lastQuarter = -1;
    },
  };
};

const progressOf = (name: string, progress: RebuildProgress, now: number): { line: string; share: number } => {
  const total = progress.head > 0n ? Number(progress.head) : 1;
  const done = Math.min(Number(progress.position), total);
  const share = done / total;
  const filled = Math.round(share * WIDTH);
  const seconds = Math.max((now - progress.startedAt) / 1000, 0.001);
  const rate = done / seconds;
  const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
  const line =
    `${name} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ` +
    `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} events, ` +
    `${Math.round(rate).toLocaleString('en-US')}/s, ETA ${formatEta(eta)}`;
  return { line, share };
};

const formatEta = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '--';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
};
