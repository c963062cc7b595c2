import { readModelProjections } from '../../src/read-models.js';
import { ProjectionsHost } from '../../src/infrastructure/projections-host.js';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';

describe('projections in the running API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('registers exactly the read models the CLI knows (readModelProjections), so status and rebuild cover them all', () => {
    const registered = server.app.get(ProjectionsHost).registeredNames();
    expect([...registered].sort()).toEqual(
      readModelProjections()
        .map((projection) => projection.name)
        .sort(),
    );
  });

  it('exposes lag in events and seconds, rebuilding and up, per projection, on /metrics', async () => {
    const host = server.app.get(ProjectionsHost);
    const statuses = await host.status();
    const metrics = await fetchJson(`${server.rootUrl}/metrics`);
    expect(metrics.status).toBe(200);
    for (const { name } of statuses) {
      for (const metric of [
        'projection_lag_events',
        'projection_lag_seconds',
        'projection_rebuilding',
        'projection_up',
      ]) {
        expect(metrics.text).toMatch(new RegExp(`^${metric}\\{projection="${name}"\\} \\d+(\\.\\d+)?$`, 'm'));
      }
    }
    expect(metrics.text).toMatch(/^# HELP projection_lag_events /m);
    expect(metrics.text).toMatch(/^projection_up\{projection="wallets"\} 1$/m);
  });
});
