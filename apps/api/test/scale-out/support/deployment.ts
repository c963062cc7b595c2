import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type EventStore, createEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { type TempDir, makeTempDir } from '../../support/temp-dir.js';
import { type ApiProcess, startApiProcess } from './api-process.js';
import { type ProcessOutput, killAll, runTypeScript } from './node-process.js';
import { RoundRobinProxy } from './round-robin-proxy.js';

export type StoreKind = 'esdb' | 'sqlite';

/**
 * The service as an operator runs it: on EventStoreDB (the protocol test server), N API
 * instances each in its own process with its own DATA_DIR and the one SECRETS_KEY, behind a
 * round-robin proxy; or on the embedded store, one instance on its DATA_DIR. The admin CLI runs
 * as its own process with the deployment's settings.
 */
export interface Deployment {
  readonly kind: StoreKind;
  /** The proxy's root: `${url}/api` is every client's base URL. */
  readonly url: string;
  readonly baseUrl: string;
  readonly instances: readonly ApiProcess[];
  readonly proxy: RoundRobinProxy;
  cli(...args: string[]): Promise<ProcessOutput>;
  /** The store as the operator's own tools read it (one connection of the test's). */
  store(): Promise<EventStore>;
  close(): Promise<void>;
}

export interface DeploymentOptions {
  readonly kind: StoreKind;
  readonly instances: number;
  /** Settings of every instance (the store's are added). */
  readonly env: Record<string, string>;
}

export const startDeployment = async (options: DeploymentOptions): Promise<Deployment> => {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    const dirs: TempDir[] = [];
    for (let i = 0; i < options.instances; i++) {
      const dir = await makeTempDir('paykit-scale-out-');
      dirs.push(dir);
      cleanups.push(() => dir.remove());
    }
    let shared: Record<string, string> = { SECRETS_KEY: randomBytes(32).toString('base64') };
    let esdb: EsdbTestServer | null = null;
    if (options.kind === 'esdb') {
      esdb = await startEsdbTestServer();
      const server = esdb;
      cleanups.push(() => server.close());
      shared = { ...shared, EVENT_STORE: 'esdb', EVENTSTORE_CONNECTION_STRING: esdb.connectionString };
    } else {
      shared = { ...shared, EVENT_STORE: 'sqlite' };
    }
    // Started together, as an orchestrator starts replicas: they race on an empty store.
    const instances = await Promise.all(
      dirs.map((dir, i) => startApiProcess(`api${i + 1}`, { ...options.env, ...shared, DATA_DIR: dir.path })),
    );
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
    const proxy = await RoundRobinProxy.start(instances.map((instance) => instance.rootUrl));
    cleanups.push(() => proxy.close());
    const operatorEnv = { ...shared, DATA_DIR: dirs[0]!.path };
    const commands = new Set<ChildProcess>();
    cleanups.push(() => killAll(commands));
    let store: Promise<EventStore> | null = null;
    cleanups.push(async () => (await store)?.close());
    return {
      kind: options.kind,
      url: proxy.url,
      baseUrl: `${proxy.url}${new URL(instances[0]!.baseUrl).pathname}`,
      instances,
      proxy,
      cli: (...args) => runTypeScript('tools/cli/src/main.ts', args, operatorEnv, commands),
      store: () => {
        store ??= createEventStore(
          esdb ? { kind: 'esdb', connectionString: esdb.connectionString } : { kind: 'sqlite', dataDir: dirs[0]!.path },
        );
        return store;
      },
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
};
