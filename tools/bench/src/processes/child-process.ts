import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A program of the workspace: its built file and its TypeScript source, from the repository root. */
export interface Program {
  readonly dist: string;
  readonly source: string;
}

export const API_MAIN: Program = { dist: 'apps/api/dist/main.js', source: 'apps/api/src/main.ts' };
export const CLI_MAIN: Program = { dist: 'tools/cli/dist/main.js', source: 'tools/cli/src/main.ts' };
export const BARE_FASTIFY_MAIN: Program = {
  dist: 'tools/bench/dist/processes/bare-fastify-main.js',
  source: 'tools/bench/src/processes/bare-fastify-main.ts',
};

// `pnpm bench` runs tools/bench/dist, whose children run the built programs (what `pnpm start`
// runs). Under jest this file is TypeScript, and the children run sources through the
// workspace's TS loader (tools/testing/ts-loader: it emits the decorator metadata Nest needs).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ROOT = new URL('../../../../', import.meta.url);
const TS_LOADER = 'tools/testing/ts-loader/register.mjs';

const inRepository = (path: string): string => fileURLToPath(new URL(path, ROOT));

const nodeArguments = (program: Program, args: readonly string[]): string[] =>
  FROM_SOURCE
    ? ['--conditions=@paykit/source', '--import', inRepository(TS_LOADER), inRepository(program.source), ...args]
    : [inRepository(program.dist), ...args];

const OUTPUT_TAIL_LINES = 40;
const STOP_GRACE_MS = 30_000;

export interface ChildOptions {
  readonly args?: readonly string[];
  /** Added to this process's environment. */
  readonly env?: Readonly<Record<string, string | number>>;
  /** What the child reads on stdin (then closed). */
  readonly stdin?: string;
}

export interface RunningChild<Ready> {
  readonly pid: number;
  /** What the ready line said. */
  readonly ready: Ready;
  /** The child's last lines of output (stdout and stderr), for error messages. */
  outputTail(): string;
  /** SIGTERM, then SIGKILL if it has not exited after a grace period. */
  stop(): Promise<void>;
}

const spawnProgram = (program: Program, options: ChildOptions): ChildProcess => {
  const child = spawn(process.execPath, nodeArguments(program, options.args ?? []), {
    env: { ...process.env, ...Object.fromEntries(Object.entries(options.env ?? {}).map(([k, v]) => [k, String(v)])) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin!.end(options.stdin ?? '');
  return child;
};

/** Calls `onLine` with every complete line the stream writes. */
const eachLine = (stream: NodeJS.ReadableStream, onLine: (line: string) => void): void => {
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
};

/**
 * Starts a long-running program and resolves once `readyLine` recognises a line of its stdout
 * (returning what the line says); rejects if the child ends first.
 */
export const startProgram = <Ready>(
  program: Program,
  readyLine: (line: string) => Ready | undefined,
  options: ChildOptions = {},
): Promise<RunningChild<Ready>> =>
  new Promise((resolve, reject) => {
    const child = spawnProgram(program, options);
    const tail: string[] = [];
    const keep = (line: string) => {
      tail.push(line);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
    };
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let ready: Ready | undefined;
    eachLine(child.stderr!, keep);
    eachLine(child.stdout!, (line) => {
      keep(line);
      if (ready !== undefined) return;
      ready = readyLine(line);
      if (ready !== undefined) resolve(running(ready));
    });
    const outputTail = () => tail.join('\n');
    const running = (value: Ready): RunningChild<Ready> => ({
      pid: child.pid!,
      ready: value,
      outputTail,
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(killer);
      },
    });
    child.once('error', reject);
    void exited.then(() => {
      if (ready === undefined)
        reject(
          new Error(
            `${program.dist} ended (${child.exitCode ?? child.signalCode}) before it was ready:\n${outputTail()}`,
          ),
        );
    });
  });

/** Runs a program to its end; resolves with its stdout, rejects on a non-zero exit. */
export const runProgram = (program: Program, options: ChildOptions = {}): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawnProgram(program, options);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`${program.dist} ${(options.args ?? []).join(' ')} exited ${code}:\n${stderr}${stdout}`)),
    );
  });
