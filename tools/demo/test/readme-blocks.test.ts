import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { type LocalSandbox, startLocalSandbox } from '../src/index.js';
import { PLACEHOLDERS, checkedBlocks, withValues } from '../src/readme-blocks.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

const installed = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const tools = ['bash', 'curl', 'jq'].filter((command) => !installed(command));
if (tools.length > 0 && process.env['CI'] === 'true')
  throw new Error(`The README's blocks need ${tools.join(', ')} (CI=true)`);
const describeWithTools = tools.length === 0 ? describe : describe.skip;

/**
 * The README's curl walkthroughs, run as a reader would paste them (bash -euo pipefail: an unset
 * variable or a failed step fails the block) against a fresh server and the demo merchant.
 */
describeWithTools("the README's shell blocks", () => {
  let sandbox: LocalSandbox;
  beforeAll(async () => {
    sandbox = await startLocalSandbox();
  });
  afterAll(() => sandbox?.close());

  const blocks = checkedBlocks(readme);

  it('are found: the onramp, offramp, agent-checkout and webhook walkthroughs', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      expect({
        line: block.line,
        setsApiAndKey:
          block.source.includes(`API=${PLACEHOLDERS.API}`) && block.source.includes(`SK=${PLACEHOLDERS.SK}`),
      }).toEqual({
        line: block.line,
        setsApiAndKey: true,
      });
    }
  });

  it.each(blocks.map((block) => [block.line, block] as const))(
    'run to the end: the block at README line %i',
    async (_line, block) => {
      const script = withValues(block.source, { API: sandbox.baseUrl, SK: sandbox.apiKey, SHOP: sandbox.merchantUrl });
      const run = await promisify(execFile)('bash', ['--norc', '--noprofile', '-euo', 'pipefail', '-c', script], {
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/tmp' },
        timeout: 60_000,
        encoding: 'utf8',
      }).catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
        failed: error.code ?? 'timeout',
        stdout: error.stdout,
        stderr: error.stderr,
      }));
      expect({ ...run, stdout: run.stdout?.length ? 'printed' : 'nothing' }).toEqual({ stdout: 'printed', stderr: '' });
    },
    70_000,
  );
});
