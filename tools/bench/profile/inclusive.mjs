// node tools/bench/profile/inclusive.mjs <file.cpuprofile> <pattern> [top]
// Total (inclusive) time of the functions whose "name url" matches the pattern, and, for each,
// where its self time goes among its callees (one level, inclusive).
import process from 'node:process';
import console from 'node:console';
import { readFileSync } from 'node:fs';

const [file, pattern, topArgument] = process.argv.slice(2);
const match = new RegExp(pattern ?? '.');
const top = Number(topArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = ({ callFrame: { functionName, url, lineNumber } }) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(apps|packages|tools)\//, '$1/')}:${lineNumber + 1}`;

const inclusive = new Map();
let busy = 0;
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  if (byId.get(id).callFrame.functionName === '(idle)') return;
  busy += ms;
  const seen = new Set();
  for (let at = byId.get(id); at; at = byId.get(parent.get(at.id))) {
    const name = label(at);
    if (seen.has(name) || !match.test(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
});
console.log(`${busy.toFixed(0)} ms busy`);
for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
