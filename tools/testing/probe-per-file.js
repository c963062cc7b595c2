// Opt-in (PAYKIT_TEST_PROBE_LOG=<file>, see jest.preset.js): appends, when a test file starts and when
// its tests end, this worker's CPU counters and its ref'd handles by kind, one JSON line each;
// tools/testing/probe-report.mjs turns them into CPU seconds per file and the handles each file left
// open. Wall time on a shared machine says little; CPU time does.
import { appendFileSync, readFileSync } from 'node:fs';

const log = process.env.PAYKIT_TEST_PROBE_LOG;

/** utime, stime, cutime, cstime of this process, in clock ticks (/proc/<pid>/stat fields 14-17). */
const ticks = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return { self: utime + stime, children: cutime + cstime };
};

/** Ref'd handles keeping this worker alive, counted by kind (TCPServerWrap, Timeout, ...). */
const handles = () => {
  const counts = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
};

const record = (at, details) =>
  appendFileSync(
    log,
    `${JSON.stringify({ pid: process.pid, file: expect.getState().testPath, at, time: Date.now(), ...details })}\n`,
  );

if (log) {
  record('start', ticks());
  // A moment first, so that what the previous file closed without waiting (a server's listener) is gone.
  beforeAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    record('handles', { handles: handles() });
  });
  afterAll(() => record('end', ticks()));
}
