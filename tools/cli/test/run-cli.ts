import { readFileSync } from 'node:fs';
import { main } from '../src/cli.js';
import type { CliIo } from '../src/io.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process against `env` (DATA_DIR and friends), capturing its output. */
export const runCli = async (env: Record<string, string>, ...argv: string[]): Promise<CliRun> =>
  runCliWith({}, env, ...argv);

/** The same, with parts of the process replaced: a terminal on stderr, an interrupt, a browser. */
export const runCliWith = async (
  io: Pick<CliIo, 'stderrIsTerminal' | 'untilInterrupted' | 'openUrl' | 'readStdin'> & {
    onStdout?: (text: string) => void;
    onStderr?: (text: string) => void;
  },
  env: Record<string, string>,
  ...argv: string[]
): Promise<CliRun> => {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
      io.onStdout?.(text);
    },
    stderr: (text) => {
      stderr += text;
      io.onStderr?.(text);
    },
    env,
    readFile: (path) => readFileSync(path, 'utf8'),
    ...(io.stderrIsTerminal === undefined ? {} : { stderrIsTerminal: io.stderrIsTerminal }),
    ...(io.untilInterrupted ? { untilInterrupted: io.untilInterrupted } : {}),
    ...(io.openUrl ? { openUrl: io.openUrl } : {}),
    ...(io.readStdin ? { readStdin: io.readStdin } : {}),
  });
  return { code, stdout, stderr };
};
