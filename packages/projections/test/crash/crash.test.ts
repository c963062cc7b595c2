import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteEventStore } from '@paykit/event-store';
import { CheckpointTable, openReadModelDatabase, type ReadModelDatabase } from '../../src/index.js';
import { appliedLogProjection, readAppliedLog } from '../fixtures/applied-log-projection.js';
import { eventStoresUnderTest } from '../fixtures/event-stores.js';
import { foldInto, Harness } from '../fixtures/harness.js';
import { inventoryProjection, readInventory } from '../fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from '../fixtures/item-events.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// Lets a plain `node` run the TypeScript sources.
const TS_LOADER = here('../../../../tools/testing/ts-loader/register.mjs');

const checkpointOf = (db: ReadModelDatabase, name: string): bigint =>
  new CheckpointTable(db).read(name)?.position ?? 0n;

/**
 * Starts the projecting child and SIGKILLs it once both projections have committed a batch but
 * neither has reached `head`: in the middle of applying the history.
 */
const projectThenKill = (dir: string, head: bigint): Promise<{ inventory: bigint; log: bigint }> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@paykit/source', '--import', TS_LOADER, here('./project-until-killed.ts'), dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let seen = { inventory: 0n, log: 0n };
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const watcher = openReadModelDatabase(join(dir, 'read-models.db'));
    const poll = setInterval(() => {
      try {
        seen = { inventory: checkpointOf(watcher, 'test-inventory'), log: checkpointOf(watcher, 'applied-log') };
      } catch {
        return; // the child has not created the tables yet
      }
      if (seen.inventory > 0n && seen.log > 0n) {
        clearInterval(poll);
        // Somewhere inside the next batches, not right after a commit.
        setTimeout(() => child.kill('SIGKILL'), Math.random() * 20);
      }
    }, 2);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      watcher.close();
      if (signal !== 'SIGKILL') reject(new Error(`the child exited by itself (code ${code}): ${stderr}`));
      else if (seen.inventory >= head && seen.log >= head) reject(new Error('the child finished before the kill'));
      else resolve(seen);
    });
  });

describe('a projecting process killed mid-batch (SIGKILL) and restarted', () => {
  const sqlite = eventStoresUnderTest.find((store) => store.name === 'sqlite')!;
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(sqlite);
  });
  afterEach(() => harness.cleanup());

  it('applies every event exactly once: no duplicate, no gap', async () => {
    const head = await new ItemEventWriter(harness.store, 53).append(12_000);
    await harness.store.close();
    const killedAt = await projectThenKill(harness.dir, head);
    expect(killedAt.inventory).toBeLessThan(head);

    const store = new SqliteEventStore({ dataDir: join(harness.dir, 'events'), synchronous: 'normal' });
    try {
      const { runner, db } = await harness.startRunner({
        store,
        projections: [inventoryProjection(), appliedLogProjection()],
        db: harness.database(),
      });
      expect(await runner.waitFor(head, 30_000)).toBe(true);
      const events = await readAllEvents(store);
      expect(readAppliedLog(db)).toEqual(events.map((event) => event.position));
      const reference = harness.database('reference.db');
      foldInto(reference, inventoryProjection(), events);
      expect(readInventory(db)).toEqual(readInventory(reference));
      await runner.stop();
    } finally {
      await store.close();
    }
  }, 60_000);
});
