// node tools/bench/profile/summarise.mjs <file.cpuprofile> [top]
// Prints a V8 CPU profile by component (each sample given to the innermost frame that names
// one) and its top functions by self time, in ms and as a share of the busy (non-idle) time.
import process from 'node:process';
import console from 'node:console';
import { readFileSync } from 'node:fs';

const COMPONENTS = [
  [/node_modules\/(\.pnpm\/)?[^/]*zod/, 'zod'],
  [/node_modules\/.*(pino|sonic-boom|thread-stream)/, 'logging (pino)'],
  [/node_modules\/.*prom-client/, 'metrics (prom-client)'],
  [/node_modules\/.*better-sqlite3/, 'SQLite (better-sqlite3)'],
  [/node_modules\/.*@nestjs\+cqrs|node_modules\/@nestjs\/cqrs/, 'Nest CQRS buses'],
  [/node_modules\/.*@nestjs\+platform-fastify|@nestjs\/platform-fastify/, 'Nest Fastify adapter'],
  [/node_modules\/.*@nestjs/, 'Nest pipeline (core/common)'],
  [/node_modules\/.*rxjs/, 'rxjs (interceptors)'],
  [/node_modules\/.*(fastify|find-my-way|avvio|light-my-request|fast-json-stringify|@fastify)/, 'Fastify'],
  [/node_modules\/.*(viem|@noble|ox|abitype)/, 'viem / crypto'],
  [/node_modules\/.*fp-ts/, 'fp-ts'],
  [/node_modules\//, 'other dependencies'],
  [/apps\/api\/(src|dist)\/observability\//, 'ours: observability (logging, metrics hooks)'],
  [/apps\/api\/(src|dist)\/http\//, 'ours: http (guards, pipes, interceptors, errors)'],
  [/apps\/api\/(src|dist)\/auth\//, 'ours: auth (key lookup)'],
  [/apps\/api\/(src|dist)\/infrastructure\/aggregates\//, 'ours: Aggregates (load/append)'],
  [/apps\/api\/(src|dist)\/infrastructure\//, 'ours: infrastructure (projections host, store wiring)'],
  [/apps\/api\/(src|dist)\/([^/]+)\//, (m) => `ours: api/${m[2]}`],
  [/packages\/event-store\//, 'ours: event store'],
  [/packages\/projections\//, 'ours: projections runner'],
  [/packages\/([^/]+)\//, (m) => `ours: package ${m[1]}`],
  [/^node:/, 'Node core (http, net, streams, timers)'],
];

const NATIVE = {
  '(garbage collector)': 'GC',
  '(program)': 'V8/native (program)',
  '(idle)': 'idle',
  stringify: 'JSON',
  parse: 'JSON',
};

const componentOf = (frame) => {
  const { functionName } = frame.callFrame;
  const url = frame.callFrame.url.replace(/^.*node_modules\//, 'node_modules/');
  if (!url && NATIVE[functionName]) return NATIVE[functionName];
  for (const [pattern, name] of COMPONENTS) {
    const match = pattern.exec(url);
    if (match) return typeof name === 'function' ? name(match) : name;
  }
  return undefined;
};

const [file, topArgument] = process.argv.slice(2);
const top = Number(topArgument ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const selfMs = new Map();
const componentMs = new Map();
let idle = 0;
let total = 0;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  total += ms;
  const node = byId.get(id);
  if (node.callFrame.functionName === '(idle)') {
    idle += ms;
    return;
  }
  const { functionName, url, lineNumber } = node.callFrame;
  add(
    selfMs,
    `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(apps|packages|tools)\//, '$1/')}:${lineNumber + 1}`,
    ms,
  );
  let component;
  for (let at = node; at && !component; at = byId.get(parent.get(at.id))) component = componentOf(at);
  add(componentMs, component ?? 'unattributed', ms);
});

const busy = total - idle;
const table = (title, map, limit) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${key}`);
};
console.log(`${file}: ${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy, ${idle.toFixed(0)} ms idle`);
table('by component (self time, innermost attributable frame)', componentMs, 40);
table(`top ${top} functions by self time`, selfMs, top);
