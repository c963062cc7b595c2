import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RecordedEvent, SqliteEventStore } from '../../src/index.js';
import { collect } from '../../src/conformance/harness.js';
import { makeTempDir, removeDir } from '../temp-dirs.js';

interface Ack {
  readonly stream: string;
  readonly batch: number;
  readonly revision: bigint;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Runs the appending child until it has acknowledged `killAfter` appends, then SIGKILLs it. */
const appendThenKill = (dataDir: string, killAfter: number): Promise<Ack[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@paykit/source',
        '--import',
        here('../../../../tools/testing/ts-loader/register.mjs'),
        here('./append-until-killed.ts'),
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const acks: Ack[] = [];
    let pending = '';
    let stderr = '';
    let killScheduled = false;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [, stream, batch, revision] = line.split(' ');
        acks.push({ stream: stream!, batch: Number(batch), revision: BigInt(revision!) });
      }
      // A random delay, so the kill lands anywhere in the child's work rather than always
      // right after an acknowledgement.
      if (acks.length >= killAfter && !killScheduled) {
        killScheduled = true;
        setTimeout(() => child.kill('SIGKILL'), Math.random() * 30);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`the child exited by itself (code ${code}) after ${acks.length} acks: ${stderr}`));
    });
  });

const batchesOf = (events: readonly RecordedEvent[]) => {
  const batches = new Map<number, { size: number; indexes: number[] }>();
  for (const event of events) {
    const { batch, index, size } = event.data as { batch: number; index: number; size: number };
    const entry = batches.get(batch) ?? { size, indexes: [] };
    entry.indexes.push(index);
    batches.set(batch, entry);
  }
  return batches;
};

describe('sqlite event store after a crash (SIGKILL mid-append)', () => {
  let root: string;
  beforeEach(async () => (root = await makeTempDir('crash')));
  afterEach(() => removeDir(root));

  it('keeps every acknowledged append and shows no partial batch', async () => {
    const acks = await appendThenKill(root, 400);
    expect(acks.length).toBeGreaterThanOrEqual(400);
    const store = new SqliteEventStore({ dataDir: root });
    try {
      for (const stream of ['crash-0', 'crash-1', 'crash-2', 'crash-3']) {
        const events = await collect(store.readStream(stream));
        expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => BigInt(i)));
        const batches = batchesOf(events);
        for (const [batch, { size, indexes }] of batches) {
          if (indexes.length !== size)
            throw new Error(`${stream}: batch ${batch} is partial (${indexes.join(',')} of ${size})`);
        }
        for (const ack of acks.filter((a) => a.stream === stream)) {
          if (!batches.has(ack.batch)) throw new Error(`${stream}: acknowledged batch ${ack.batch} is missing`);
          expect(BigInt(events.length)).toBeGreaterThan(ack.revision);
        }
      }
      const all = await collect(store.readAll());
      expect(all.map((e) => e.position)).toEqual(all.map((_, i) => BigInt(i + 1)));
    } finally {
      await store.close();
    }
  }, 60_000);
});
