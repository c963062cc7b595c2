import { createEventStore } from '@paykit/event-store';
import { randomIds, systemClock } from '@paykit/kernel';
import { Platform, SecretBox, loadSecretsKey } from '@paykit/platform';
import { SignJWT } from 'jose';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { type TempDir, makeTempDir } from './support/temp-dir.js';

const ADMIN = { actor: { type: 'cli' as const, id: 'test' } };

/**
 * The admin CLI works on the server's data directory while the server runs: another
 * connection to the same sqlite store, like the CLI process opens. Its changes reach the
 * running server: new keys work at once, and revocations and JWT settings land through the
 * store's subscription long before the (here one-minute) authentication cache would expire them.
 */
describe('a second process on the same data directory', () => {
  let dataDir: TempDir;
  let server: TestServer;
  let admin: Platform;
  let closeAdmin: () => Promise<void>;
  const previousTtl = process.env['AUTH_CACHE_TTL_MS'];

  beforeAll(async () => {
    process.env['AUTH_CACHE_TTL_MS'] = '60000';
    dataDir = await makeTempDir('paykit-shared-');
    server = await startServer({
      eventStore: await createEventStore({ kind: 'sqlite', dataDir: dataDir.path }),
      env: { DATA_DIR: dataDir.path },
    });
    const adminStore = await createEventStore({ kind: 'sqlite', dataDir: dataDir.path });
    // Like the CLI: the secrets key file of the data directory, shared with the server.
    const secrets = new SecretBox(() => loadSecretsKey({ dataDir: dataDir.path, allowGeneratedFile: true }));
    admin = new Platform({ store: adminStore, clock: systemClock, ids: randomIds, secrets });
    closeAdmin = () => adminStore.close();
  });
  afterAll(async () => {
    await closeAdmin();
    await server.close();
    await dataDir.remove();
    if (previousTtl === undefined) delete process.env['AUTH_CACHE_TTL_MS'];
    else process.env['AUTH_CACHE_TTL_MS'] = previousTtl;
  });

  const current = (key: string, headers: Record<string, string> = {}) =>
    fetchJson(`${server.baseUrl}/unstable/projects/current`, { headers: { 'x-api-key': key, ...headers } });

  /** Polls (50 ms apart, at most 5 s) until the answer's status is no longer `from`. */
  const statusAfterChange = async (from: number, request: () => ReturnType<typeof current>) => {
    let status = from;
    for (let attempt = 0; attempt < 100 && status === from; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await request()).status;
    }
    return status;
  };

  it('sees the keys it creates, and stops accepting a key it revokes', async () => {
    const { project, serverKey } = await admin.provisionProject({ name: 'Admin-made', environment: 'staging' }, ADMIN);
    expect((await current(serverKey)).status).toBe(200);

    await admin.apiKeys.revokeByPrefix(project.projectId, serverKey.slice(0, 19), ADMIN);
    expect(await statusAfterChange(200, () => current(serverKey))).toBe(401);
    expect((await current(serverKey)).body).toMatchObject({ code: 'revoked_api_key' });
  });

  it('picks up JWT settings it configures, with the HS256 secret sealed under the shared key file', async () => {
    const { project, clientKey } = await admin.provisionProject({ name: 'Client side', environment: 'staging' }, ADMIN);
    const secret = 'a-shared-secret-of-at-least-thirty-two-characters';
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-9')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    const asUser = () => current(clientKey, { authorization: `Bearer ${token}` });
    expect((await asUser()).status).toBe(403);

    await admin.projects.configureJwt(project.projectId, { type: 'hs256', secret }, ADMIN);
    expect(await statusAfterChange(403, asUser)).toBe(200);
    expect((await asUser()).body).toMatchObject({ userId: 'user-9', jwtVerification: 'hs256' });
  });
});
