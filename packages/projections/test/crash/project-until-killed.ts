// Child process of crash.test.ts: projects the store in DATA_DIR until it is killed.
import { join } from 'node:path';
import { SqliteEventStore } from '@paykit/event-store';
import { openReadModelDatabase, ProjectionRunner } from '../../src/index.js';
import { appliedLogProjection } from '../fixtures/applied-log-projection.js';
import { inventoryProjection } from '../fixtures/inventory-projection.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: project-until-killed <dataDir>');
const store = new SqliteEventStore({ dataDir: join(dataDir, 'events'), synchronous: 'normal' });
const db = openReadModelDatabase(join(dataDir, 'read-models.db'));
const runner = new ProjectionRunner({
  store,
  db,
  projections: [inventoryProjection(), appliedLogProjection()],
  batchSize: 500,
  onFailure: (name, failure) => {
    process.stderr.write(`${name} failed: ${failure.message}\n`);
    process.exit(1);
  },
});
await runner.start();
process.stdout.write('started\n');
