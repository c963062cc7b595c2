#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { textReport } from './report.js';
import { startLocalSandbox } from './sandbox.js';
import { runTour } from './tour.js';

const USAGE = `Usage: pnpm demo [--base-url URL --api-key sk_...] [--merchant-url URL] [--timeout SECONDS (60; 180 with --base-url)]

Walks the README's stories against a PayKit API with the typed client, printing each step.
Without --base-url it starts its own: an API on a temp data directory with the sandbox's delays
shortened, and the demo merchant. PAYKIT_BASE_URL, PAYKIT_API_KEY and PAYKIT_MERCHANT_URL work too.
`;

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'merchant-url': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'] ?? process.env['PAYKIT_BASE_URL'];
  const apiKey = values['api-key'] ?? process.env['PAYKIT_API_KEY'];
  // A sandbox of its own takes seconds; a server with the default payout delays has the tour wait longer.
  const timeoutSeconds = Number(values.timeout ?? (baseUrl === undefined ? 60 : 180));
  if ((baseUrl === undefined) !== (apiKey === undefined)) {
    process.stderr.write(`Give both --base-url and --api-key, or neither.\n\n${USAGE}`);
    return 2;
  }
  if (!(timeoutSeconds > 0)) {
    process.stderr.write(`--timeout must be a number of seconds.\n\n${USAGE}`);
    return 2;
  }
  const write = (text: string) => process.stdout.write(text);
  const started = Date.now();
  const sandbox = baseUrl === undefined ? await startLocalSandbox() : null;
  const target = sandbox ?? {
    baseUrl: baseUrl!,
    apiKey: apiKey!,
    merchantUrl: values['merchant-url'] ?? process.env['PAYKIT_MERCHANT_URL'],
  };
  write(
    sandbox
      ? `Started a sandbox: API ${sandbox.baseUrl}, demo merchant ${sandbox.merchantUrl}\n`
      : `Against ${target.baseUrl}\n`,
  );
  const deadline = setTimeout(() => {
    process.stderr.write(`\nThe tour did not finish within ${timeoutSeconds} s.\n`);
    process.exit(1);
  }, timeoutSeconds * 1000);
  deadline.unref();
  try {
    const result = await runTour({ ...target, report: textReport(write), waitMs: sandbox ? 20_000 : 30_000 });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    write(`\nDone in ${seconds} s${result.skipped.length > 0 ? ` (skipped: ${result.skipped.join(', ')})` : ''}.\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`\nThe tour failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await sandbox?.close();
  }
};

process.exitCode = await main();
