import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat.
 * What a server spends per request this way does not depend on how many other processes
 * share the cores, unlike requests per second.
 */
export const cpuSeconds = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) / TICKS_PER_SECOND;
};

/** The process's resident memory in MiB, from /proc/<pid>/status. */
export const residentMiB = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
};
