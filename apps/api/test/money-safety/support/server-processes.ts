import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export interface FirstRunProject {
  readonly projectId: string;
  readonly serverKey: string;
  readonly clientKey: string;
}

/** How a server process ended: by a crash point, by a kill from outside, or by SIGTERM. */
export interface Exit {
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  /** The crash point it reached (`after:TransferCreated`), if it died at one. */
  readonly crashedAt: string | null;
}

export interface ServerProcess {
  readonly baseUrl: string;
  /** The first-run project's keys: only on the first start on a data directory. */
  readonly project: FirstRunProject | null;
  readonly exited: Promise<Exit>;
  /** SIGKILL from outside, wherever the server is. */
  kill(): Promise<Exit>;
  /** SIGTERM: the server drains and closes its store. */
  stop(): Promise<Exit>;
}

export interface StartOptions {
  readonly dataDir: string;
  /** Crash points (`before:OrderCreated,after:walletkey-`), see crashing-event-store.ts. */
  readonly crashAt?: string;
  readonly env?: Readonly<Record<string, string | number>>;
}

/** Test defaults: fast sandboxes (blocks every 20 ms, identity checks and payouts in well under a second), no limits in the way. */
export const FAST_SANDBOX_ENV: Readonly<Record<string, string | number>> = {
  RATE_LIMIT_WRITES_PER_MIN: 1_000_000,
  RATE_LIMIT_READS_PER_MIN: 1_000_000,
  SANDBOX_BLOCK_TIME_MS: 20,
  TRANSFER_POLL_INTERVAL_MS: 10,
  ORDER_WORKER_INTERVAL_MS: 20,
  KYC_SANDBOX_COMPLETION_DELAY_MS: 300,
  PAYOUT_SANDBOX_SEND_DELAY_MS: 50,
  PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS: 100,
  ORDER_NO_KYC_THRESHOLD_USD: '100',
  ORDER_PURCHASE_LIMIT: '100000',
};

/**
 * Starts the API in a child process (server-process.ts, TypeScript sources through the loader)
 * on `dataDir`, and resolves once it listens. A process that ends before that is an error.
 */
export const startServerProcess = (options: StartOptions): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@paykit/source',
        '--import',
        here('../../../../../tools/testing/ts-loader/register.mjs'),
        here('./server-process.ts'),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          ...FAST_SANDBOX_ENV,
          ...options.env,
          NODE_ENV: 'test',
          DATA_DIR: options.dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          PAYKIT_CRASH_AT: options.crashAt ?? '',
        },
      },
    );
    let crashedAt: string | null = null;
    let stderr = '';
    let pending = '';
    let ready = false;
    const exited = new Promise<Exit>((settle) =>
      child.on('close', (code, signal) => {
        settle({ code, signal, crashedAt });
        if (!ready) reject(new Error(`the server process ended before it listened (${signal ?? code}): ${stderr}`));
      }),
    );
    child.on('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-10_000)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('crash ')) crashedAt = line.slice('crash '.length);
        if (line.startsWith('ready ')) {
          ready = true;
          const { baseUrl, project } = JSON.parse(line.slice('ready '.length)) as {
            baseUrl: string;
            project: FirstRunProject | null;
          };
          resolve(handle(child, baseUrl, project, exited));
        }
      }
    });
  });

const handle = (
  child: ChildProcess,
  baseUrl: string,
  project: FirstRunProject | null,
  exited: Promise<Exit>,
): ServerProcess => ({
  baseUrl,
  project,
  exited,
  kill: () => {
    child.kill('SIGKILL');
    return exited;
  },
  stop: () => {
    child.kill('SIGTERM');
    return exited;
  },
});
