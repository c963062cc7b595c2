import { readModelProjections } from '@paykit/api/read-models';
import type { EventStore } from '@paykit/event-store';
import {
  type Projection,
  type RebuildProgress,
  type ReadModelDatabase,
  openReadModelDatabase,
  readModelDatabasePath,
  readStoredStatus,
  rebuildProjection,
} from '@paykit/projections';
import type { CliContext } from '../context.js';
import { UsageError } from '../io.js';
import { type Command, JSON_OPTION, printJson } from './command.js';
import { progressWriter } from './progress-bar.js';
import { table } from './table.js';

/**
 * An instance's read models: `read-models.db` under DATA_DIR (default `.data`, as for every
 * command) and the event store they follow (sqlite beside them, or the EventStoreDB cluster with
 * EVENT_STORE=esdb), opened beside a running API or not. A rebuild is made side by side and
 * swapped in; a running API keeps serving the old tables until then and follows the new ones
 * after (see docs/adr/0600-projection-operations.md).
 */
const withReadModels = async <T>(
  context: CliContext,
  work: (store: EventStore, db: ReadModelDatabase) => Promise<T>,
): Promise<T> => {
  const store = await context.store();
  const db = openReadModelDatabase(readModelDatabasePath(context.dataDir));
  try {
    return await work(store, db);
  } finally {
    db.close();
  }
};

const formatCount = (value: bigint | number): string => value.toLocaleString('en-US');

export const projectionsStatus: Command = {
  words: ['projections', 'status'],
  usage: 'projections status [--json]',
  summary: 'Each read model: its position, the head of $all, the lag, and whether it is live or rebuilding',
  options: { ...JSON_OPTION },
  async run(values, context) {
    const statuses = await withReadModels(context, (store, db) =>
      readStoredStatus({ store, db, projections: readModelProjections() }),
    );
    if (values['json']) {
      return printJson(
        context,
        statuses.map((status) => ({
          ...status,
          checkpoint: String(status.checkpoint),
          headPosition: String(status.headPosition),
          lag: String(status.lag),
          rebuild: status.rebuild && {
            ...status.rebuild,
            position: String(status.rebuild.position),
            head: String(status.rebuild.head),
          },
        })),
      );
    }
    context.io.stdout(
      table(
        ['PROJECTION', 'STATE', 'POSITION', 'HEAD', 'LAG (EVENTS)', 'LAG (S)', 'BUILD'],
        statuses.map((status) => [
          status.name,
          status.rebuild
            ? `rebuilding ${formatCount(status.rebuild.position)}/${formatCount(status.rebuild.head)}`
            : status.state,
          formatCount(status.checkpoint),
          formatCount(status.headPosition),
          formatCount(status.lag),
          status.lagSeconds.toFixed(1),
          status.storedBuild === null || status.storedBuild === status.build
            ? status.build
            : `${status.storedBuild} (code: ${status.build})`,
        ]),
      ),
    );
  },
};

const chosen = (names: readonly string[]): Projection[] => {
  const all = readModelProjections();
  if (names.length === 0) return [...all];
  return names.map((name) => {
    const projection = all.find((candidate) => candidate.name === name);
    if (!projection) {
      throw new UsageError(`No projection named ${name}. Projections: ${all.map((p) => p.name).join(', ')}`);
    }
    return projection;
  });
};

export const projectionsRebuild: Command = {
  words: ['projections', 'rebuild'],
  usage: 'projections rebuild [name ...] [--json]',
  summary: 'Rebuild read models from position 0 side by side and swap them in (all when no name is given)',
  options: { ...JSON_OPTION },
  positionals: '[name ...]',
  async run(values, context, names) {
    const projections = chosen(names);
    const results = await withReadModels(context, async (store, db) => {
      const done = [];
      const progress = progressWriter(context.io.stderr, context.io.stderrIsTerminal === true);
      for (const projection of projections) {
        const started = Date.now();
        const show = (state: RebuildProgress) => progress.show(projection.name, state, Date.now());
        const built = await rebuildProjection({ store, db, projection, onProgress: show });
        const seconds = (Date.now() - started) / 1000;
        progress.done(
          `${projection.name}: rebuilt to position ${formatCount(built.position)} in ${seconds.toFixed(1)} s`,
        );
        done.push({ name: projection.name, position: String(built.position), seconds });
      }
      return done;
    });
    if (values['json']) printJson(context, results);
  },
};
