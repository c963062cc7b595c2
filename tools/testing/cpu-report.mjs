// CPU seconds per test file from a PAYKIT_TEST_CPU_LOG file (tools/testing/cpu-per-file.js):
// node tools/testing/cpu-report.mjs <log> [count]. A file's share runs from its start to the next
// file's start in the same worker (its teardown included), or to its own end for a worker's last.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [logFile, count = '20'] = process.argv.slice(2);
if (!logFile) throw new Error('usage: cpu-report.mjs <log> [count]');
const TICKS_PER_SECOND = 100;

const byWorker = new Map();
for (const line of readFileSync(logFile, 'utf8').split('\n').filter(Boolean)) {
  const entry = JSON.parse(line);
  byWorker.set(entry.pid, [...(byWorker.get(entry.pid) ?? []), entry]);
}

const files = [];
for (const entries of byWorker.values()) {
  const starts = entries.filter((entry) => entry.at === 'start');
  starts.forEach((start, i) => {
    const until = starts[i + 1] ?? entries.find((entry) => entry.at === 'end' && entry.file === start.file) ?? start;
    files.push({
      file: relative(process.cwd(), start.file),
      self: (until.self - start.self) / TICKS_PER_SECOND,
      children: (until.children - start.children) / TICKS_PER_SECOND,
    });
  });
}

const total = (file) => file.self + file.children;
files.sort((a, b) => total(b) - total(a));
const sum = files.reduce((seconds, file) => seconds + total(file), 0);
console.log(`${files.length} files, ${sum.toFixed(1)} CPU s in workers and their children`);
for (const file of files.slice(0, Number(count)))
  console.log(`${total(file).toFixed(1).padStart(7)} s  (${file.children.toFixed(1)} in children)  ${file.file}`);
