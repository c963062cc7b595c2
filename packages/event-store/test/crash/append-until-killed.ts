// Child process of crash.test.ts: appends forever and prints a line for every acknowledged append.
import type { ExpectedRevision } from '../../src/port.js';
import { SqliteEventStore } from '../../src/sqlite/sqlite-event-store.js';
import { testEvent } from '../../src/conformance/harness.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: append-until-killed <dataDir>');
const store = new SqliteEventStore({ dataDir });
let nextBatch = 0;

/** Several writers at once, so that group commit puts several appends in each transaction. */
const writer = async (stream: string) => {
  let expectedRevision: ExpectedRevision = 'no_stream';
  for (;;) {
    const batch = nextBatch++;
    const size = 1 + (batch % 20);
    const events = Array.from({ length: size }, (_, index) =>
      testEvent('Written', { batch, index, size, pad: 'x'.repeat(100) }),
    );
    const result = await store.appendToStream(stream, events, { expectedRevision });
    expectedRevision = result.nextExpectedRevision;
    // Writes to a pipe are synchronous on Linux: once this returns, the parent can read the line.
    process.stdout.write(`ack ${stream} ${batch} ${result.nextExpectedRevision}\n`);
  }
};

await Promise.all(['crash-0', 'crash-1', 'crash-2', 'crash-3'].map(writer));
