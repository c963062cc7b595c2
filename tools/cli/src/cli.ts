import { parseArgs } from 'node:util';
import { DomainException } from '@paykit/kernel';
import type { Command, OptionValues } from './commands/command.js';
import { keyCreate, keyList, keyRevoke } from './commands/key-commands.js';
import { operatorCreate, operatorList } from './commands/operator-commands.js';
import { migrate } from './commands/migrate-command.js';
import { projectCreate, projectJwt, projectList } from './commands/project-commands.js';
import { projectionsRebuild, projectionsStatus } from './commands/projections-command.js';
import { scopesList } from './commands/scopes-command.js';
import { cliContext } from './context.js';
import { type CliIo, UsageError, processIo } from './io.js';
import { reportReconciliation } from './commands/report-command.js';
import { webhooksListen } from './commands/webhooks/listen-command.js';
import { webhooksTrigger } from './commands/webhooks/trigger-command.js';

const COMMANDS: readonly Command[] = [
  projectCreate,
  projectList,
  projectJwt,
  keyCreate,
  keyList,
  keyRevoke,
  operatorCreate,
  operatorList,
  scopesList,
  migrate,
  projectionsStatus,
  projectionsRebuild,
  reportReconciliation,
  webhooksListen,
  webhooksTrigger,
];

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const help = (): string =>
  [
    'Usage: pnpm cli <command> [options]   (pnpm --silent cli ... --json for scripts)',
    '',
    ...COMMANDS.map((command) => `  ${command.usage}\n      ${command.summary}`),
    '',
    'Works on the store the API is configured with, alongside running servers: the sqlite store in',
    'DATA_DIR (default .data), or EventStoreDB with EVENT_STORE=esdb and EVENTSTORE_CONNECTION_STRING',
    "(then SECRETS_KEY must be the deployment's). projections and report use the read models in DATA_DIR.",
    'webhooks calls a running API over HTTP: --base-url (PAYKIT_BASE_URL) and --api-key (PAYKIT_API_KEY).',
    '',
  ].join('\n');

const findCommand = (words: readonly string[]): Command | undefined =>
  COMMANDS.find(
    (command) => command.words.length <= words.length && command.words.every((word, i) => words[i] === word),
  );

/** Runs one CLI command; resolves to the exit code. Plain output for people, --json for scripts. */
export const main = async (argv: readonly string[], io: CliIo = processIo()): Promise<number> => {
  const firstOption = argv.findIndex((arg) => arg.startsWith('-'));
  const words = firstOption === -1 ? [...argv] : argv.slice(0, firstOption);
  if (words[0] === 'help' || (words.length === 0 && (argv[0] === '--help' || argv[0] === '-h'))) {
    io.stdout(help());
    return EXIT.ok;
  }
  if (words.length === 0) {
    io.stderr(help());
    return EXIT.usage;
  }
  const command = findCommand(words);
  if (!command) {
    io.stderr(`Unknown command: ${words.join(' ')}\n\n${help()}`);
    return EXIT.usage;
  }
  let values: OptionValues;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv.slice(command.words.length),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: command.positionals !== undefined,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\nUsage: pnpm cli ${command.usage}\n`);
    return EXIT.usage;
  }
  if (values['help']) {
    io.stdout(`Usage: pnpm cli ${command.usage}\n  ${command.summary}\n`);
    return EXIT.ok;
  }
  return run(command, values, positionals, io);
};

const run = async (command: Command, values: OptionValues, positionals: string[], io: CliIo): Promise<number> => {
  let context;
  try {
    context = cliContext(io);
    await command.run(values, context, positionals);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\nUsage: pnpm cli ${command.usage}\n`);
      return EXIT.usage;
    }
    if (error instanceof DomainException) {
      io.stderr(`Error: ${error.error.message} (${error.error.code})\n`);
      return EXIT.failed;
    }
    io.stderr(`Error: ${(error as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await context?.close();
  }
};
