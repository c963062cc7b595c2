// Opt-in (PAYKIT_TEST_CPU_LOG=<file>, see jest.preset.js): appends this worker's CPU counters when a
// test file starts and when its tests end, one JSON line each; tools/testing/cpu-report.mjs turns
// them into CPU seconds per file. Wall time on a shared machine says little; CPU time does.
import { appendFileSync, readFileSync } from 'node:fs';

const log = process.env.PAYKIT_TEST_CPU_LOG;

/** utime, stime, cutime, cstime of this process, in clock ticks (/proc/<pid>/stat fields 14-17). */
const ticks = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return { self: utime + stime, children: cutime + cstime };
};

const record = (at) =>
  appendFileSync(
    log,
    `${JSON.stringify({ pid: process.pid, file: expect.getState().testPath, at, time: Date.now(), ...ticks() })}\n`,
  );

if (log) {
  record('start');
  afterAll(() => record('end'));
}
