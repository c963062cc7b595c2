import { type EventStore, createEventStore } from '@paykit/event-store';
import { type Environment, Platform, SecretBox, isEnvironment, loadSecretsKey } from '@paykit/platform';
import { randomIds, systemClock } from '@paykit/kernel';
import { resolve } from 'node:path';
import { type CliIo, UsageError } from './io.js';
import { type StoreChoice, storeChoiceOf } from './store-choice.js';

/**
 * The platform on the API's event store, as the same variables choose it: the sqlite store under
 * DATA_DIR (default `.data`, relative to where the command runs: `pnpm cli` and `pnpm start` both
 * run from the repository root), or with EVENT_STORE=esdb the EventStoreDB cluster that
 * EVENTSTORE_CONNECTION_STRING names. Either is safe to share with running servers. DATA_DIR also
 * holds the read models that `projections` and `report` work on (the instance's, beside it).
 */
export interface CliContext {
  readonly io: CliIo;
  readonly defaultEnvironment: Environment;
  readonly dataDir: string;
  /** Which store the commands work on; a usage error for a bad or missing setting. */
  storeChoice(): StoreChoice;
  /** The API's event store, opened once and closed with the context. */
  store(): Promise<EventStore>;
  platform(): Promise<Platform>;
  close(): Promise<void>;
}

/** Said once, on stderr, when a command opens the default data directory without being told to. */
const defaultDataDirWarning = (dataDir: string): string =>
  `DATA_DIR is not set: using ${resolve(dataDir)} (what \`pnpm start\` uses from the repository root). ` +
  "Set DATA_DIR to work on another server's data.\n";

export const cliContext = (io: CliIo): CliContext => {
  const given = io.env['DATA_DIR'];
  const dataDir = given || '.data';
  let warned = Boolean(given);
  /** The data directory, warned about the first time a command uses the default. */
  const useDataDir = (): string => {
    if (!warned) io.stderr(defaultDataDirWarning(dataDir));
    warned = true;
    return dataDir;
  };
  const appEnv = io.env['APP_ENV'] || 'staging';
  if (!isEnvironment(appEnv)) throw new UsageError(`APP_ENV must be staging or production, not ${appEnv}`);
  let store: Promise<EventStore> | null = null;
  let platform: Platform | null = null;
  const storeChoice = () => storeChoiceOf(io.env);
  const context: CliContext = {
    io,
    defaultEnvironment: appEnv,
    get dataDir() {
      return useDataDir();
    },
    storeChoice,
    store() {
      const choice = storeChoice();
      store ??= createEventStore(choice.kind === 'esdb' ? choice : { kind: 'sqlite', dataDir: useDataDir() });
      return store;
    },
    async platform() {
      if (platform) return platform;
      const shared = storeChoice().kind === 'esdb';
      const secrets = new SecretBox(() =>
        loadSecretsKey({
          value: io.env['SECRETS_KEY'],
          dataDir,
          // A key file in this DATA_DIR is not the one the cluster's instances use: on a shared
          // store only the deployment's SECRETS_KEY seals what they can open.
          allowGeneratedFile: io.env['NODE_ENV'] !== 'production' && !shared,
        }),
      );
      platform = new Platform({ store: await context.store(), clock: systemClock, ids: randomIds, secrets });
      return platform;
    },
    async close() {
      const opened = store;
      store = null;
      await (await opened?.catch(() => null))?.close();
    },
  };
  return context;
};

export const CLI_CALLER = { actor: { type: 'cli' as const, id: 'admin-cli' } };
