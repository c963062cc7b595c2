// From a PAYKIT_TEST_PROBE_LOG file (tools/testing/probe-per-file.js): CPU seconds per test file, and
// the handles a file left open. `node tools/testing/probe-report.mjs <log> [count]`.
// A file's share runs from its start to the next file's start in the same worker (its teardown
// included), or to its own end for a worker's last file. Handles open when the next file's tests
// begin and not open when this file's began are this file's leaks (setImmediate callbacks aside).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [logFile, count = '20'] = process.argv.slice(2);
if (!logFile) throw new Error('usage: probe-report.mjs <log> [count]');
const TICKS_PER_SECOND = 100;
const name = (file) => relative(process.cwd(), file);

const byWorker = new Map();
for (const line of readFileSync(logFile, 'utf8').split('\n').filter(Boolean)) {
  const entry = JSON.parse(line);
  byWorker.set(entry.pid, [...(byWorker.get(entry.pid) ?? []), entry]);
}

const files = [];
const leaks = [];
for (const entries of byWorker.values()) {
  const starts = entries.filter((entry) => entry.at === 'start');
  starts.forEach((start, i) => {
    const next = starts[i + 1];
    const until = next ?? entries.find((entry) => entry.at === 'end' && entry.file === start.file) ?? start;
    files.push({
      file: name(start.file),
      self: (until.self - start.self) / TICKS_PER_SECOND,
      children: (until.children - start.children) / TICKS_PER_SECOND,
    });
    const before = entries.find((entry) => entry.at === 'handles' && entry.file === start.file)?.handles;
    const after = next && entries.find((entry) => entry.at === 'handles' && entry.file === next.file)?.handles;
    if (!before || !after) return;
    const left = Object.entries(after)
      .filter(([kind]) => kind !== 'Immediate')
      .map(([kind, n]) => [kind, n - (before[kind] ?? 0)])
      .filter(([, n]) => n > 0);
    if (left.length > 0) leaks.push(`${name(start.file)}: ${left.map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
  });
}

const total = (file) => file.self + file.children;
files.sort((a, b) => total(b) - total(a));
const sum = files.reduce((seconds, file) => seconds + total(file), 0);
console.log(`${files.length} files, ${sum.toFixed(1)} CPU s in workers and their children`);
for (const file of files.slice(0, Number(count)))
  console.log(`${total(file).toFixed(1).padStart(7)} s  (${file.children.toFixed(1)} in children)  ${file.file}`);
console.log(
  leaks.length
    ? `\nhandles left open (counted when the next file started):\n${leaks.join('\n')}`
    : '\nno handles left open',
);
