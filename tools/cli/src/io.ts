import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly readFile: (path: string) => string;
  /** Whether stderr is a terminal: progress redraws one line there, and prints plain lines to a file. */
  readonly stderrIsTerminal?: boolean;
  /** Resolves on Ctrl-C or SIGTERM, for commands that run until stopped (listeners are added on first call). */
  readonly untilInterrupted?: () => Promise<void>;
  /** Opens a URL in the person's browser; false when no opener could be started. */
  readonly openUrl?: (url: string) => Promise<boolean>;
  /** Everything piped on stdin (`--password-stdin`). */
  readonly readStdin?: () => Promise<string>;
}

const OPENERS: Readonly<Record<string, readonly [string, ...string[]]>> = {
  darwin: ['open'],
  win32: ['cmd', '/c', 'start', '""'],
};

const openInBrowser = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const [command, ...args] = OPENERS[process.platform] ?? ['xdg-open'];
    const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });

export const processIo = (): CliIo => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  readFile: (path) => readFileSync(path, 'utf8'),
  stderrIsTerminal: process.stderr.isTTY === true,
  untilInterrupted: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
  openUrl: openInBrowser,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
});

/** Bad arguments: the message goes to stderr with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
