import type { Measured } from './alternating-rounds.js';

const cell = (value: string | number, width: number) => String(value).padStart(width);

/** The markdown table docs/benchmarks.md records. */
export const measuredTable = (rows: readonly Measured[]): string[] => [
  `| ${'server'.padEnd(44)} | ${cell('requests/s', 10)} | ${cell('p50 ms', 7)} | ${cell('p99 ms', 7)} | ${cell('CPU us/req', 10)} |`,
  `|${'-'.repeat(46)}|${'-'.repeat(11)}:|${'-'.repeat(8)}:|${'-'.repeat(8)}:|${'-'.repeat(11)}:|`,
  ...rows.map(
    (row) =>
      `| ${row.name.padEnd(44)} | ${cell(Math.round(row.requestsPerSecond).toLocaleString('en-US'), 10)} | ${cell(row.p50, 7)} | ${cell(row.p99, 7)} | ${cell(row.cpuMicrosPerRequest === null ? '-' : Math.round(row.cpuMicrosPerRequest).toLocaleString('en-US'), 10)} |`,
  ),
];

export const percentOf = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(1)}%`;

export const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');
