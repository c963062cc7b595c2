// node tools/bench/profile/callers.mjs <file.cpuprofile> <pattern> [depth] [top]
// Where the time of frames matching the pattern comes from: for each sample inside such a frame
// (outermost match), the first `depth` frames of ours (apps/, packages/) above it.
import process from 'node:process';
import console from 'node:console';
import { readFileSync } from 'node:fs';

const [file, pattern, depthArgument, topArgument] = process.argv.slice(2);
const match = new RegExp(pattern);
const depth = Number(depthArgument ?? 2);
const top = Number(topArgument ?? 20);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = ({ callFrame: { functionName, url, lineNumber } }) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(apps|packages|tools)\//, '$1/')}:${lineNumber + 1}`;
const ours = (node) => /\/(apps|packages)\//.test(node.callFrame.url) && !/node_modules/.test(node.callFrame.url);

const paths = new Map();
let matched = 0;
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  const stack = [];
  for (let at = byId.get(id); at; at = byId.get(parent.get(at.id))) stack.push(at);
  const outermost = stack.findLastIndex((node) => match.test(label(node)));
  if (outermost < 0) return;
  matched += ms;
  const callers = stack
    .slice(outermost + 1)
    .filter(ours)
    .slice(0, depth)
    .map(label);
  const key = callers.join(' <- ') || '(no caller of ours)';
  paths.set(key, (paths.get(key) ?? 0) + ms);
});
console.log(`${matched.toFixed(0)} ms inside /${pattern}/`);
for (const [key, ms] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms.toFixed(0).padStart(8)} ms  ${key}`);
