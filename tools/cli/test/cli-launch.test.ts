import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = (args: readonly string[], options: { cwd: string; env: Record<string, string | undefined> }) =>
  promisify(execFile)(process.execPath, args, { ...options, encoding: 'utf8', timeout: 600_000 });

/** What `pnpm cli` runs (package.json): the built CLI, built first only when out of date (ADR 0814). */
describe('pnpm cli: scripts/run-built.mjs tools/cli dist/main.js', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-launch-'));
    // The tests run in any order: the CLI is built (when out of date, as on a fresh clone) before either.
    await run(['scripts/run-built.mjs', 'tools/cli', 'dist/main.js', 'scopes'], { cwd: ROOT, env: { ...process.env } });
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (extra: Record<string, string>) => ({ PATH: process.env['PATH'], HOME: process.env['HOME'], ...extra });

  it('runs a built tree without building, quietly: no turbo banner, nothing on stderr', async () => {
    const args = ['scripts/run-built.mjs', 'tools/cli', 'dist/main.js', 'project', 'list'];
    // beforeAll built what was out of date (a fresh clone); this run finds it all built.
    const started = performance.now();
    const second = await run(args, { cwd: ROOT, env: env({ DATA_DIR: join(dir, 'data') }) });
    const elapsedMs = performance.now() - started;
    expect(second.stderr).toBe('');
    expect(second.stdout).toMatch(/^PROJECT\s+NAME\s+ENV/);
    // Measured, not asserted to the millisecond (a loaded CI machine): printed for the record.
    process.stdout.write(`pnpm cli project list on a built tree: ${Math.round(elapsedMs)} ms\n`);
  }, 600_000);

  it('warns on stderr, naming the directory, when a command uses the data directory without DATA_DIR', async () => {
    const cli = join(ROOT, 'tools/cli/dist/main.js');
    const listed = await run([cli, 'project', 'list'], { cwd: dir, env: env({}) });
    expect(listed.stderr).toBe(
      `DATA_DIR is not set: using ${join(dir, '.data')} (what \`pnpm start\` uses from the repository root). ` +
        "Set DATA_DIR to work on another server's data.\n",
    );
    expect(listed.stdout).toMatch(/^PROJECT/);
    const told = await run([cli, 'project', 'list'], { cwd: dir, env: env({ DATA_DIR: join(dir, 'told') }) });
    expect(told.stderr).toBe('');
    // Commands that do not use the data directory do not warn.
    const scopes = await run([cli, 'scopes'], { cwd: dir, env: env({}) });
    expect(scopes.stderr).toBe('');
  }, 120_000);
});
