#!/usr/bin/env node
// Runs a workspace package's built entry, building it first only when it is not built or its
// sources (or a workspace package it depends on) changed since: `pnpm start`, `pnpm cli` and the
// other root scripts. A build shows its progress on stderr, one line per package, so stdout stays
// the command's own; an up-to-date tree starts at once, without turbo's banner (ADR 0814).
//
//   node scripts/run-built.mjs <package dir> <entry in it> [arguments for the entry...]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const WORKSPACE_FOLDERS = ['apps', 'packages', 'tools'];
/** What turbo.json's build task reads: a change to any of them means a rebuild. */
const BUILD_INPUTS = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];

const [packageDir, entry, ...args] = process.argv.slice(2);
if (!packageDir || !entry) {
  process.stderr.write('usage: node scripts/run-built.mjs <package dir> <entry> [arguments...]\n');
  process.exit(2);
}

const manifestOf = (dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

/** Workspace package name -> its folder. */
const workspace = new Map(
  WORKSPACE_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true })
      .filter((item) => item.isDirectory() && existsSync(join(ROOT, folder, item.name, 'package.json')))
      .map((item) => [manifestOf(join(folder, item.name)).name, join(folder, item.name)]),
  ),
);

/** The package and every workspace package it builds on (turbo's `^build`), by folder. */
const closureOf = (dir, seen = new Set()) => {
  if (seen.has(dir)) return seen;
  seen.add(dir);
  const { dependencies = {}, devDependencies = {} } = manifestOf(dir);
  for (const [name, version] of Object.entries({ ...dependencies, ...devDependencies }))
    if (String(version).startsWith('workspace:') && workspace.has(name)) closureOf(workspace.get(name), seen);
  return seen;
};

/** Newest modification time under `path` (a file or a folder), 0 when it does not exist. */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
};

/** A package is built when its dist exists and is newer than every input of its build. */
const isBuilt = (dir) => {
  const built = newest(join(ROOT, dir, 'dist'));
  return built > 0 && BUILD_INPUTS.every((input) => newest(join(ROOT, dir, input)) <= built);
};

const packages = [...closureOf(packageDir)];
const stale = packages.filter((dir) => existsSync(join(ROOT, dir, 'tsconfig.build.json')) && !isBuilt(dir));
if (stale.length > 0 || !existsSync(join(ROOT, packageDir, entry))) {
  const name = manifestOf(packageDir).name;
  process.stderr.write(
    `Building ${name} and the workspace packages it uses (${stale.length} of ${packages.length} out of date; ` +
      'a first build takes a few minutes)...\n',
  );
  const build = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', `--filter=${name}...`, '--output-logs=new-only', '--log-prefix=task'],
    {
      cwd: ROOT,
      // Progress is for the person waiting: on stderr, whatever reads stdout.
      stdio: ['ignore', process.stderr, process.stderr],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The entry runs in this process, as if started directly: no second Node start-up.
process.argv = [process.argv[0], join(ROOT, packageDir, entry), ...args];
await import(pathToFileURL(join(ROOT, packageDir, entry)).href);
