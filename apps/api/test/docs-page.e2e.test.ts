import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { type TestServer, startServer } from './support/start-server.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(CHROMIUM_PATH) && process.env.CI === 'true')
  throw new Error(`Chromium not found at ${CHROMIUM_PATH} (CI=true)`);
const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

/** The reference page as a reader gets it: a real browser, nothing but this server to talk to. */
describeWithChromium('the /docs page in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ env: { EVENT_STORE: 'memory' } });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the reference and its test-mode section offline, without errors or warnings', async () => {
    const page = await browser.newPage();
    const elsewhere: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.rootUrl) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto(`${server.rootUrl}/docs`);
    await page.getByRole('heading', { name: 'PayKit API', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Test mode' }).first().waitFor();
    expect(await page.getByText('4000 0000 0000 0002').count()).toBeGreaterThan(0);
    expect({ elsewhere, problems }).toEqual({ elsewhere: [], problems: [] });
  });
});
