import { type EventStore, type MigrationProgress, createEventStore, migrateStore } from '@paykit/event-store';
import { UsageError } from '../io.js';
import { type Command, JSON_OPTION, printJson } from './command.js';

const percent = ({ position, head }: MigrationProgress): string =>
  head === 0n ? '100%' : `${((position * 1000n) / head / 10n).toString()}%`;

/**
 * `migrate --to esdb`: copies the embedded SQLite store under DATA_DIR into EventStoreDB,
 * keeping every stream's order and revisions. Safe to re-run: it continues where the last run
 * stopped and skips what is already there. Run it with the API stopped (or read-only), then
 * start the API with EVENT_STORE=esdb.
 */
export const migrate: Command = {
  words: ['migrate'],
  usage: 'migrate --to esdb [--connection <esdb://...>] [--json]',
  summary: 'Copy the SQLite store under DATA_DIR into EventStoreDB (EVENTSTORE_CONNECTION_STRING); resumable',
  options: { to: { type: 'string' }, connection: { type: 'string' }, ...JSON_OPTION },
  async run(values, context) {
    if (values['to'] !== 'esdb') throw new UsageError('--to esdb is the only target');
    const connectionString =
      (values['connection'] as string | undefined) ?? context.io.env['EVENTSTORE_CONNECTION_STRING'];
    if (!connectionString)
      throw new UsageError('--connection or EVENTSTORE_CONNECTION_STRING names the EventStoreDB to copy into');
    const dataDir = context.dataDir;
    const stores: EventStore[] = [];
    try {
      const source = await createEventStore({ kind: 'sqlite', dataDir });
      stores.push(source);
      const target = await createEventStore({ kind: 'esdb', connectionString });
      stores.push(target);
      let reported = 0;
      const result = await migrateStore({
        source,
        target,
        onProgress: (progress) => {
          const done = progress.copied + progress.skipped;
          if (values['json'] || done - reported < 10_000) return;
          reported = done;
          context.io.stderr(`  ${done} events (${percent(progress)} of the source)\n`);
        },
      });
      if (values['json']) {
        printJson(context, { copied: result.copied, skipped: result.skipped, position: result.position.toString() });
      } else {
        context.io.stdout(
          result.copied === 0 && result.skipped === 0
            ? `Nothing to copy: EventStoreDB already holds everything up to source position ${result.position}\n`
            : `Copied ${result.copied} events into EventStoreDB (${result.skipped} already there), up to source position ${result.position}\n`,
        );
      }
    } finally {
      for (const store of stores.reverse()) await store.close();
    }
  },
};
