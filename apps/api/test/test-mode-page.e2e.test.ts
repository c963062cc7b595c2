import { type TestServer, startServer } from './support/start-server.js';

describe('GET /docs/test-mode: test mode on its own page, with this server’s settings (ADR 0815)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { EVENT_STORE: 'memory', PAYOUT_SANDBOX_SEND_DELAY_MS: 2000 } });
  });
  afterAll(() => server.close());

  it('serves the magic values, this server’s delays and the sandbox’s prices, fees and tax, without a key', async () => {
    const response = await fetch(`${server.rootUrl}/docs/test-mode`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const page = await response.text();
    expect(page).toMatch(/^## Test mode\n/);
    for (const text of [
      '`4000 0000 0000 0002`',
      '`+decline`',
      'A payout is sent 2 s after',
      'Prices, fees and tax',
      '7.25%',
    ])
      expect(page).toContain(text);
    const documented = (await (await fetch(`${server.rootUrl}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(documented.paths)).toContain('/docs/test-mode');
  });
});
