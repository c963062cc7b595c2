import { createEventStore } from '@paykit/event-store';
import { ensureFirstRunProject } from '../src/auth/first-run.js';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { type TempDir, makeTempDir } from './support/temp-dir.js';

describe('first run', () => {
  let dataDir: TempDir;
  beforeAll(async () => {
    dataDir = await makeTempDir('paykit-first-run-');
  });
  afterAll(() => dataDir.remove());

  /** The server on the durable store of one data directory, as `pnpm start` runs it. */
  const start = async (): Promise<TestServer> =>
    startServer({
      eventStore: await createEventStore({ kind: 'sqlite', dataDir: dataDir.path }),
      env: { DATA_DIR: dataDir.path },
    });

  const firstRun = async (server: TestServer) => {
    let printed = '';
    const provisioned = await ensureFirstRunProject(server.app, {
      baseUrl: server.baseUrl,
      write: (text) => (printed += text),
    });
    return { provisioned, printed };
  };

  it('prints a working key and a curl line once, and never again on later starts', async () => {
    const first = await start();
    let serverKey: string;
    try {
      const { provisioned, printed } = await firstRun(first);
      expect(provisioned?.project).toMatchObject({ name: 'Development', environment: 'staging' });
      const curl = /curl -H "X-API-KEY: (sk_staging_[0-9A-Za-z]{43})" (\S+)/.exec(printed);
      expect(curl).not.toBeNull();
      serverKey = curl![1]!;
      expect(printed).toContain(provisioned!.clientKey);

      const tried = await fetchJson(curl![2]!, { headers: { 'x-api-key': serverKey } });
      expect(tried.status).toBe(200);
      expect(tried.body).toMatchObject({ name: 'Development', environment: 'staging', apiKey: { kind: 'server' } });

      expect(await firstRun(first)).toEqual({ provisioned: null, printed: '' });
    } finally {
      await first.close();
    }

    const restarted = await start();
    try {
      expect(await firstRun(restarted)).toEqual({ provisioned: null, printed: '' });
      const again = await fetchJson(`${restarted.baseUrl}/unstable/projects/current`, {
        headers: { 'x-api-key': serverKey },
      });
      expect(again.status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
