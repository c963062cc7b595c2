import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `pnpm --silent cli ...` exactly as a script would run it: the root `cli` script builds the
 * CLI (turbo) and runs it. Its stdout must hold only the CLI's output, so scripts can parse it.
 * pnpm comes through npx, as on a machine without a global pnpm.
 */
const pnpmSilentCli = (env: Record<string, string>, ...args: string[]) =>
  promisify(execFile)('npx', ['-y', 'pnpm@10', '--silent', 'cli', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });

describe('pnpm --silent cli (built and spawned)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-spawn-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints only the JSON on stdout', async () => {
    const { stdout } = await pnpmSilentCli(
      { DATA_DIR: join(dir, 'data') },
      'project',
      'create',
      '--name',
      'Spawned',
      '--json',
    );
    const created = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(created)).toEqual(['projectId', 'serverKey', 'clientKey']);
    expect(created['serverKey']).toMatch(/^sk_staging_/);
  }, 240_000);
});
