import type { Platform } from '@paykit/platform';
import { SignJWT } from 'jose';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { type JsonResponse, fetchJson } from '../support/http-client.js';
import { type TestServer, type TestServerOptions, startServer } from '../support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'wallet-tests' } };
const JWT_SECRET = 'wallet-tests-shared-secret-of-32-characters-or-more';

export interface TestProject {
  readonly projectId: string;
  readonly serverKey: string;
  readonly clientKey: string;
}

export interface WalletServer {
  readonly server: TestServer;
  readonly platform: Platform;
  project(name?: string): Promise<TestProject>;
  /** An end user's JWT, accepted with the client keys of projects made here. */
  userJwt(subject: string): Promise<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  call<Body = any>(
    key: string,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<JsonResponse<Body>>;
  close(): Promise<void>;
}

/**
 * The real server over HTTP, its sqlite store in a temp dir, with sandbox chains whose blocks
 * come every 20 ms (a transfer is final within about a second) and limits far above the tests.
 */
export const startWalletServer = async (options: TestServerOptions = {}): Promise<WalletServer> => {
  const server = await startServer({
    ...options,
    env: {
      RATE_LIMIT_WRITES_PER_MIN: 1_000_000,
      RATE_LIMIT_READS_PER_MIN: 1_000_000,
      SANDBOX_BLOCK_TIME_MS: 20,
      TRANSFER_POLL_INTERVAL_MS: 10,
      ...options.env,
    },
  });
  const platform = server.app.get<Platform>(PLATFORM);
  const environment = server.config.APP_ENV;
  let projects = 0;
  return {
    server,
    platform,
    project: async (name = `Wallets ${++projects}`) => {
      const provisioned = await platform.provisionProject(
        { name, environment, jwt: { type: 'hs256', secret: JWT_SECRET } },
        CLI,
      );
      return {
        projectId: provisioned.project.projectId,
        serverKey: provisioned.serverKey,
        clientKey: provisioned.clientKey,
      };
    },
    userJwt: (subject) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(JWT_SECRET)),
    call: (key, method, path, body, headers = {}) =>
      fetchJson(`${server.baseUrl}${path}`, { method, body, headers: { 'x-api-key': key, ...headers } }),
    close: () => server.close(),
  };
};

/** Polls until `done` holds for an answer (a transfer reaching its outcome), at most `timeoutMs`. */
export const pollUntil = async <Value>(
  read: () => Promise<Value>,
  done: (value: Value) => boolean,
  timeoutMs = 10_000,
): Promise<Value> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await read();
    if (done(response) || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** A wallet transaction read until it is `success` or `failed` (or the poll gives up). */
export const transactionOutcome = (api: WalletServer, key: string, wallet: string, transactionId: string) =>
  pollUntil(
    () => api.call(key, 'GET', `/2025-06-09/wallets/${wallet}/transactions/${transactionId}`),
    (response) => ['success', 'failed'].includes(response.body.status),
  );
