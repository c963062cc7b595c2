import type { ChildProcess } from 'node:child_process';
import { spawnTypeScript } from './node-process.js';

/** An API instance in its own process, as `pnpm start` runs it (apps/api/src/main.ts). */
export interface ApiProcess {
  readonly name: string;
  /** `http://127.0.0.1:<port>` (health, metrics). */
  readonly rootUrl: string;
  /** rootUrl + the API prefix. */
  readonly baseUrl: string;
  /** Everything it printed on stdout so far (the first-run banner, log lines). */
  stdout(): string;
  stderr(): string;
  /** SIGTERM: drains and closes, as an orchestrator stops it. */
  stop(): Promise<void>;
}

const LISTENING = /PayKit API listening on (\S+) \(health (\S+)\/health/;
const START_TIMEOUT_MS = 90_000;

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

export const startApiProcess = (name: string, env: Record<string, string>): Promise<ApiProcess> =>
  new Promise((resolve, reject) => {
    const child = spawnTypeScript('apps/api/src/main.ts', [], {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms:\n${stdout}\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = LISTENING.exec(stdout);
      if (started || !listening) return;
      started = true;
      clearTimeout(timer);
      resolve({
        name,
        baseUrl: listening[1]!,
        rootUrl: listening[2]!,
        stdout: () => stdout,
        stderr: () => stderr,
        stop: async () => {
          child.kill('SIGTERM');
          await exited(child);
        },
      });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${stdout}\n${stderr}`));
    });
  });
