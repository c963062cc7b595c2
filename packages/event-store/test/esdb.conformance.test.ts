import { createEventStore } from '../src/index.js';
import { conformanceCases, describeEventStoreConformance } from '../src/conformance/index.js';
import { type EsdbTestServer, startEsdbTestServer } from '../src/esdb-test-server/index.js';

/**
 * The shared conformance suite against the EventStoreDB adapter, on the protocol-level test
 * server (the real client library, gRPC on 127.0.0.1). Cases share one server, as they would a
 * real cluster: each works under its own stream prefix. `pnpm test:esdb` runs the same suite
 * against a real server (test/esdb.real-server.test.ts).
 */
let server: EsdbTestServer;

beforeAll(async () => {
  server = await startEsdbTestServer();
  process.stderr.write(
    `conformance: ${conformanceCases.length} cases against esdb (test server) at ${server.connectionString}\n`,
  );
});

afterAll(async () => {
  await server.close();
});

describeEventStoreConformance('esdb (test server)', {
  persistent: true,
  createStorage: async () => ({
    open: () => createEventStore({ kind: 'esdb', connectionString: server.connectionString }),
    destroy: async () => {},
  }),
});
