import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Platform } from '@paykit/platform';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { captureLogs } from '../support/log-capture.js';
import { type JsonResponse, fetchJson } from '../support/http-client.js';
import { type TestServer, type TestServerOptions, startServer } from '../support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'test' } };

export interface Tenant {
  readonly projectId: string;
  readonly serverKey: string;
}

export interface IdentityServer {
  readonly server: TestServer;
  readonly logs: ReturnType<typeof captureLogs>;
  readonly shop: Tenant;
  readonly other: Tenant;
  /** A server key of the shop project holding only these scopes. */
  keyWith(scopes: string[]): Promise<Tenant>;
  call<Body = any>(method: string, path: string, body?: unknown, tenant?: Tenant): Promise<JsonResponse<Body>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * A real server on a temp DATA_DIR (sqlite store), logging everything at trace level into a
 * capture, with two projects of the environment and a server key each.
 */
export const startIdentityServer = async (options: TestServerOptions = {}): Promise<IdentityServer> => {
  const logs = captureLogs();
  const environment = (options.env?.['APP_ENV'] as 'staging' | 'production' | undefined) ?? 'staging';
  const server = await startServer({
    ...options,
    logDestination: logs.destination,
    env: { LOG_LEVEL: 'trace', APP_ENV: environment, ...options.env },
  });
  const platform = server.app.get<Platform>(PLATFORM);
  const provision = async (name: string): Promise<Tenant> => {
    const provisioned = await platform.provisionProject({ name, environment }, CLI);
    return { projectId: provisioned.project.projectId, serverKey: provisioned.serverKey };
  };
  const shop = await provision('Shop');
  const other = await provision('Other');
  return {
    server,
    logs,
    shop,
    other,
    keyWith: async (scopes) => ({
      projectId: shop.projectId,
      serverKey: (await platform.apiKeys.issue({ projectId: shop.projectId, kind: 'server', scopes }, CLI)).key,
    }),
    call: (method, path, body, tenant = shop) =>
      fetchJson(`${server.baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': tenant.serverKey },
        ...(body !== undefined && { body }),
      }),
    close: () => server.close(),
  };
};

/** Every byte the server keeps under DATA_DIR (event store, its WAL, read models, blobs), as one text. */
export const everythingOnDisk = async (dataDir: string): Promise<string> => {
  const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
  const contents = await Promise.all(
    files.filter((file) => file.isFile()).map((file) => readFile(join(file.parentPath, file.name))),
  );
  return Buffer.concat(contents).toString('latin1');
};
