import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const ROOT = resolve(here, '../../../../..');

/** `node` running a TypeScript entry of the workspace from its sources (no build), in its own process. */
export const spawnTypeScript = (entry: string, args: readonly string[], env: Record<string, string>): ChildProcess =>
  spawn(
    process.execPath,
    [
      '--conditions=@paykit/source',
      '--import',
      resolve(ROOT, 'tools/testing/ts-loader/register.mjs'),
      resolve(ROOT, entry),
      ...args,
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '',
        TMPDIR: process.env['TMPDIR'] ?? '/tmp',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );

export interface ProcessOutput {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs to the end and collects the output; `running` holds the process until it has closed. */
export const runTypeScript = (
  entry: string,
  args: readonly string[],
  env: Record<string, string>,
  running?: Set<ChildProcess>,
): Promise<ProcessOutput> =>
  new Promise((done, fail) => {
    const child = spawnTypeScript(entry, args, env);
    running?.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      running?.delete(child);
      done({ code, stdout, stderr });
    });
  });

/** Kills what is still running (a command whose test timed out) and waits until each has closed. */
export const killAll = async (running: Set<ChildProcess>): Promise<void> => {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((closed) => {
          child.once('close', () => closed());
          child.kill('SIGKILL');
        }),
    ),
  );
};
