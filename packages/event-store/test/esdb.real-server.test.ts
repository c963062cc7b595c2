import { createEventStore } from '../src/index.js';
import { describeEventStoreConformance } from '../src/conformance/index.js';

/**
 * `pnpm test:esdb`: the conformance suite against a real EventStoreDB or KurrentDB, named by
 * EVENTSTORE_CONNECTION_STRING (e.g. `esdb://localhost:2113?tls=false`; the server needs
 * MaxAppendSize of at least 16 MiB, as deploy/compose.yaml sets). Without it the suite is
 * skipped loudly: a skipped test naming the reason, and a line on stderr. It never passes
 * without having run.
 */
const connectionString = process.env['EVENTSTORE_CONNECTION_STRING'];

if (connectionString) {
  describeEventStoreConformance('esdb (real server)', {
    persistent: true,
    createStorage: async () => ({
      open: () => createEventStore({ kind: 'esdb', connectionString }),
      destroy: async () => {},
    }),
  });
} else {
  process.stderr.write(
    'SKIPPED: conformance against a real EventStoreDB: EVENTSTORE_CONNECTION_STRING is not set ' +
      '(e.g. EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false pnpm test:esdb)\n',
  );
  describe('event store conformance: esdb (real server)', () => {
    it.skip('SKIPPED: EVENTSTORE_CONNECTION_STRING is not set, so no real EventStoreDB was tested', () => {});
  });
}
