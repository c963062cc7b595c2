import * as grpc from '@grpc/grpc-js';
import { appendHandlers } from './append-service.js';
import { deleteHandler } from './delete-service.js';
import { EventLog } from './event-log.js';
import { persistentHandlers } from './persistent-service.js';
import { persistentGrpc, serverFeaturesGrpc, serverFeaturesPb, streamsGrpc } from './proto.js';
import { readHandler } from './read-service.js';
import { ServerControl } from './server-control.js';

export interface EsdbTestServerOptions {
  /** Default 0: an ephemeral port on 127.0.0.1. */
  readonly port?: number;
  /** EventStoreDB's MaxAppendSize. Default 16 MiB, what deploy/compose.yaml configures (a server's own default is 1 MiB). */
  readonly maxAppendSize?: number;
}

export interface EsdbTestServer {
  /** `esdb://127.0.0.1:<port>?tls=false`, for EVENTSTORE_CONNECTION_STRING. */
  readonly connectionString: string;
  readonly port: number;
  /** Knobs for failure tests: `control.pause()` makes the server hang without answering. */
  readonly control: ServerControl;
  /** How many events (system events included) the log holds. */
  eventCount(): number;
  /** Events parked by persistent subscription groups (for competing-consumer tests). */
  parkedIn(group: string): number;
  /** Stops at once, cutting every open call (as a crashed node would). */
  close(): Promise<void>;
}

const SERVER_VERSION = '24.10.0-paykit-test-server';
const DEFAULT_MAX_APPEND_SIZE = 16 * 1024 * 1024;

type Definition = Record<string, { path: string }>;

/** What ServerFeatures.GetSupportedMethods reports: the methods served, and `all` for persistent `$all` groups. */
const supportedMethods = (services: readonly Definition[]) => {
  const methods = services.flatMap((service) =>
    Object.values(service).map(({ path }) => {
      const [, serviceName = '', methodName = ''] = path.split('/');
      const method = new serverFeaturesPb.SupportedMethod()
        .setServiceName(serviceName.toLowerCase())
        .setMethodName(methodName.toLowerCase());
      if (serviceName.endsWith('PersistentSubscriptions') && ['Create', 'Read', 'Delete'].includes(methodName)) {
        method.setFeaturesList(['stream', 'all']);
      }
      return method;
    }),
  );
  return new serverFeaturesPb.SupportedMethods().setMethodsList(methods).setEventStoreServerVersion(SERVER_VERSION);
};

/**
 * An in-memory server speaking the part of EventStoreDB's gRPC protocol our adapter uses:
 * Streams (Append, BatchAppend, Delete, Read for streams, `$all` and filtered `$all` subscriptions),
 * PersistentSubscriptions (Create, Delete, Read on `$all`) and ServerFeatures. It is built on
 * the service definitions generated from the official protos that the client ships, so the real
 * client's encoding, streaming and error paths run against it. docs/scale-out.md lists what it
 * reproduces and what only a real server shows.
 */
export const startEsdbTestServer = async (options: EsdbTestServerOptions = {}): Promise<EsdbTestServer> => {
  const log = new EventLog();
  const control = new ServerControl(options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE);
  const persistent = persistentHandlers(log);
  const server = new grpc.Server({
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  const streamsService = streamsGrpc.StreamsService as unknown as grpc.ServiceDefinition;
  const persistentService = persistentGrpc.PersistentSubscriptionsService as unknown as grpc.ServiceDefinition;
  const unimplemented = (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: 'not served by the test server' });
  const { append, batchAppend } = appendHandlers(log, control);
  server.addService(streamsService, {
    read: readHandler(log, control),
    append,
    batchAppend,
    delete: deleteHandler(log, control),
    tombstone: unimplemented,
  });
  server.addService(persistentService, {
    ...persistent.handlers,
    update: unimplemented,
    getInfo: unimplemented,
    replayParked: unimplemented,
    list: unimplemented,
    restartSubsystem: unimplemented,
  });
  const features = supportedMethods([
    {
      Read: { path: streamsService['read']!.path },
      Append: { path: streamsService['append']!.path },
      BatchAppend: { path: streamsService['batchAppend']!.path },
      Delete: { path: streamsService['delete']!.path },
    },
    {
      Create: { path: persistentService['create']!.path },
      Read: { path: persistentService['read']!.path },
      Delete: { path: persistentService['delete']!.path },
    },
  ]);
  server.addService(serverFeaturesGrpc.ServerFeaturesService as unknown as grpc.ServiceDefinition, {
    getSupportedMethods: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, features),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  let closed = false;
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    control,
    eventCount: () => log.size,
    parkedIn: (group) => persistent.groups.get(group)?.parked.length ?? 0,
    close: async () => {
      if (closed) return;
      closed = true;
      persistent.close();
      control.resume();
      server.forceShutdown();
    },
  };
};
