import { readFileSync } from 'node:fs';
import { main } from '../src/cli.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process against `env` (DATA_DIR and friends), capturing its output. */
export const runCli = async (env: Record<string, string>, ...argv: string[]): Promise<CliRun> => {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env,
    readFile: (path) => readFileSync(path, 'utf8'),
  });
  return { code, stdout, stderr };
};
