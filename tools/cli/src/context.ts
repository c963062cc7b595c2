import { type EventStore, createEventStore } from '@paykit/event-store';
import { type Environment, Platform, SecretBox, isEnvironment, loadSecretsKey } from '@paykit/platform';
import { randomIds, systemClock } from '@paykit/kernel';
import { type CliIo, UsageError } from './io.js';

/**
 * The platform on the same data directory as the API (DATA_DIR, default `.data`, relative to
 * where the command runs: `pnpm cli` and `pnpm start` both run from the repository root). The
 * sqlite store is safe to share with a running server.
 */
export interface CliContext {
  readonly io: CliIo;
  readonly defaultEnvironment: Environment;
  platform(): Promise<Platform>;
  close(): Promise<void>;
}

export const cliContext = (io: CliIo): CliContext => {
  const dataDir = io.env['DATA_DIR'] || '.data';
  const appEnv = io.env['APP_ENV'] || 'staging';
  if (!isEnvironment(appEnv)) throw new UsageError(`APP_ENV must be staging or production, not ${appEnv}`);
  let store: EventStore | null = null;
  let platform: Platform | null = null;
  return {
    io,
    defaultEnvironment: appEnv,
    async platform() {
      if (platform) return platform;
      if (io.env['EVENT_STORE'] === 'memory') {
        throw new UsageError('EVENT_STORE=memory: the CLI works on a durable store (sqlite) shared with the server');
      }
      store = await createEventStore({ kind: 'sqlite', dataDir });
      const secrets = new SecretBox(() =>
        loadSecretsKey({ value: io.env['SECRETS_KEY'], dataDir, allowGeneratedFile: io.env['NODE_ENV'] !== 'production' }),
      );
      platform = new Platform({ store, clock: systemClock, ids: randomIds, secrets });
      return platform;
    },
    async close() {
      await store?.close();
    },
  };
};

export const CLI_CALLER = { actor: { type: 'cli' as const, id: 'admin-cli' } };
