import { availableParallelism, loadavg } from 'node:os';

/**
 * One line saying how busy the machine was: a figure recorded without it cannot be compared
 * with another. Printed at the start and the end of every benchmark.
 */
export const describeMachine = (when: 'start' | 'end'): string => {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `machine at ${when} (${new Date().toISOString()}): ${availableParallelism()} cores, load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min), node ${process.version}`;
};
