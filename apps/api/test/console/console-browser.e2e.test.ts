import { env } from 'node:process';
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type Page, chromium } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { CHROMIUM_PATH, describeWithChromium } from '../agent-checkouts/support/chromium.js';
import { type Harness, runBody, waitForRun } from '../agent-checkouts/support/harness.js';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver.js';
import { deferred, screenshotKey, startPlannedStepsHarness } from './support/planned-steps-strategy.js';

const CLI = { actor: { type: 'cli' as const, id: 'console-browser-tests' } };
const SERVICE = { service: true } as const;
const PASSWORD = 'a long browser test password';
const SCREENSHOTS = new URL('../../../../docs/console/', import.meta.url);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The console as a person uses it: one Chromium, one server with a shop, a run waiting on a
 * question, a run under way in a browser (live view, a step with its screenshot), a webhook
 * endpoint with deliveries and an order; every page visited, screenshotted (docs/console/) and
 * checked with axe-core.
 */
describeWithChromium('the console in a browser', () => {
  let h: Harness;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let runId: string;
  /** A run on the mug's page, held under way: its browser attached, one step with a screenshot. */
  let liveRunId: string;
  const releaseLiveRun = deferred();
  const liveRunStepped = deferred();
  /** An API request of the project's, by the id it was sent with. */
  const loggedRequestId = 'console-browser-request-1';
  let endpointId: string;
  let orderId: string;
  /** A smart wallet of holder@example.com with a delegated signer, sent 1 USDC by the buyer's wallet. */
  let held: string;
  const delegate = `external-wallet:${privateKeyToAccount(generatePrivateKey()).address}`;
  const base = () => `${h.server.rootUrl}/console/projects/${h.projectId}`;

  const logIn = async (email: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${h.server.rootUrl}/console`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    return page;
  };

  /** axe-core's serious and critical violations on the page, by rule and the first element hit. */
  const seriousViolations = async (page: Page): Promise<string[]> => {
    await page.addScriptTag({ content: AXE });
    const results: any = await page.evaluate(() =>
      (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }),
    );
    return results.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id}: ${v.nodes[0]?.target}`);
  };

  /** The text of each cell of the table with this caption, row by row. */
  const cellsOf = (page: Page, caption: string): Promise<string[][]> =>
    page
      .locator('table', { has: page.locator(`caption:text-is("${caption}")`) })
      .locator('tbody tr')
      .evaluateAll((rows: any[]) => rows.map((row) => [...row.cells].map((cell: any) => cell.textContent.trim())));

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
    h = await startPlannedStepsHarness(
      {
        path: '/products/mug',
        openPage: () => browser.newPage({ viewport: { width: 800, height: 600 } }),
        steps: async (id, page) => [
          {
            action: 'open the product page',
            screenshot: { key: screenshotKey(id, 'product'), bytes: await page!.screenshot({ type: 'jpeg' }) },
          },
        ],
        stepped: liveRunStepped.resolve,
        hold: releaseLiveRun.promise,
      },
      { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_MS: 20 } },
    );
    receiver = await WebhookReceiver.start();
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [email, role] of [
      ['admin@example.com', 'admin'],
      ['support@example.com', 'support'],
    ] as const)
      await h.platform.operators.create({ email, role, projectIds: [h.projectId], password: PASSWORD }, CLI);
    const endpoint = await h.call('POST', '/2025-06-09/webhooks/endpoints', {
      as: SERVICE,
      body: { url: receiver.url('/hooks'), eventTypes: ['agent-checkouts.run.updated'] },
    });
    endpointId = endpoint.body.id;
    const profile = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
      as: SERVICE,
      body: {
        name: { first: 'Ada', last: 'Operator' },
        contact: { email: 'ada@example.com', phone: '+14155550100' },
        shipping: {
          addressLines: ['1 Market St'],
          locality: 'San Francisco',
          administrativeAreaCode: 'CA',
          postalCode: '94105',
          countryCode: 'us',
        },
      },
    });
    const started = await h.call('POST', '/unstable/agent-checkouts', {
      as: SERVICE,
      body: runBody(h.product('tshirt'), '100', { task: 'Buy the t-shirt', buyerProfileId: profile.body.id }),
    });
    runId = started.body.runId;
    await waitForRun(h, runId, (s) => s.status === 'awaiting_input', { as: SERVICE });
    // Run updates are webhook messages; the receiver, not told the endpoint's secret, answers them 401.
    await receiver.until(() => receiver.requests.length > 0);
    const wallet = await h.call('POST', '/2025-06-09/wallets', {
      as: SERVICE,
      body: { chainType: 'evm', type: 'mpc', owner: 'email:buyer@example.com' },
    });
    const order = await h.call('POST', '/2022-06-09/orders', {
      as: SERVICE,
      body: {
        recipient: { walletAddress: wallet.body.address },
        payment: { method: 'card', currency: 'usd' },
        lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '10' } }],
      },
    });
    orderId = order.body.order?.orderId;
    held = (
      await h.call('POST', '/2025-06-09/wallets', {
        as: SERVICE,
        body: {
          chainType: 'evm',
          type: 'smart',
          owner: 'email:holder@example.com',
          config: {
            adminSigner: { type: 'api-key' },
            delegatedSigners: [
              {
                signer: delegate,
                scopes: [
                  {
                    type: 'transfer',
                    tokenLocator: 'base-sepolia:usdc',
                    spendingLimit: { amount: '50', interval: 86400 },
                  },
                ],
              },
            ],
          },
        },
      })
    ).body.address;
    await h.call('POST', `/v1-alpha2/wallets/${wallet.body.address}/balances`, {
      as: SERVICE,
      body: { amount: 10, token: 'usdc', chain: 'base-sepolia' },
    });
    const sent = await h.call('POST', `/2025-06-09/wallets/${wallet.body.address}/tokens/base-sepolia:usdc/transfers`, {
      as: SERVICE,
      body: { recipient: held, amount: '1' },
    });
    for (let settled = false; !settled; await new Promise((r) => setTimeout(r, 50))) {
      const transaction = await h.call(
        'GET',
        `/2025-06-09/wallets/${wallet.body.address}/transactions/${sent.body.id}`,
        {
          as: SERVICE,
        },
      );
      settled = transaction.body.status === 'success';
    }
    liveRunId = (
      await h.call('POST', '/unstable/agent-checkouts', { as: SERVICE, body: runBody(h.product('mug'), '100') })
    ).body.runId;
    await liveRunStepped.promise;
    await h.call('GET', '/2022-06-09/orders', { as: SERVICE, headers: { 'x-request-id': loggedRequestId } });
  }, 60_000);
  afterAll(async () => {
    releaseLiveRun.resolve();
    await browser?.close();
    await receiver?.close();
    await h?.close();
  });

  it('shows every page with no serious or critical accessibility violation, and screenshots each', async () => {
    const page = await logIn('admin@example.com');
    const deliveries = await h.call('GET', `/2025-06-09/webhooks/endpoints/${endpointId}/deliveries`, { as: SERVICE });
    const messageId = deliveries.body.data[0]?.messageId;
    const pages: [name: string, path: string, heading: string | RegExp][] = [
      ['home', '', 'Home'],
      ['orders', '/orders', 'Orders'],
      ['order', `/orders/${orderId}`, /^Order /],
      ['runs', '/runs', 'Agent checkouts'],
      ['run', `/runs/${runId}`, /^Run /],
      ['runs-running', '/runs?status=running', 'Agent checkouts'],
      ['run-live', `/runs/${liveRunId}`, /^Run /],
      ['wallets', '/wallets', 'Wallets'],
      ['wallet', `/wallets/${held}`, /^Wallet /],
      ['webhooks', '/webhooks', 'Webhooks'],
      ['events', '/events', 'Events'],
      ['webhook-endpoint', `/webhooks/${endpointId}`, /^Endpoint /],
      ['webhook-delivery', `/webhooks/${endpointId}/deliveries/${messageId}`, /^Delivery /],
      ['developers', '/developers', 'Developers'],
      ['request', `/developers/requests?requestId=${loggedRequestId}`, /^Request /],
      ['reconciliation', '/reconciliation', 'Reconciliation'],
      ['audit-log', '/audit', 'Audit log'],
      ['operators', '/operators', 'Operators'],
    ];
    const problems: string[] = [];
    for (const [name, path, heading] of pages) {
      const response = await page.goto(`${base()}${path}`);
      expect([name, response?.status()]).toEqual([name, 200]);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect(page.getByText('Test mode').count()).resolves.toBe(1);
      problems.push(...(await seriousViolations(page)).map((v) => `${name}: ${v}`));
      // docs/console/ is refreshed on request only: each run's ids differ, so it would churn the tree.
      if (env['PAYKIT_CONSOLE_SCREENSHOTS'])
        await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
    }
    expect(problems).toEqual([]);
    await page.goto(`${h.server.rootUrl}/console/login`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters the runs by status, and shows a run under way with its live view embedded and its step’s screenshot', async () => {
    const page = await logIn('admin@example.com');
    await page.goto(`${base()}/runs`);
    const filterBy = async (status: string) => {
      await page.getByLabel('Status').selectOption(status);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByRole('heading', { name: 'Agent checkouts', level: 1 }).waitFor();
      return cellsOf(page, 'Runs, newest first');
    };
    // The other run waits on its question or, once another test answered it, goes on.
    const running = await filterBy('running');
    expect(running).toContainEqual([liveRunId, 'running', 'service', h.product('mug'), expect.any(String)]);
    expect(new Set(running.map(([, status]) => status))).toEqual(new Set(['running']));
    expect(new URL(page.url()).searchParams.get('status')).toBe('running');
    const waiting = await filterBy('awaiting_input');
    expect(waiting.filter(([, status]) => status !== 'awaiting_input')).toEqual([]);
    expect(waiting.map(([id]) => id)).not.toContain(liveRunId);
    await page.goto(`${base()}/runs?status=running`);
    await page.getByRole('link', { name: liveRunId }).click();
    await page.getByRole('heading', { name: `Run ${liveRunId}`, level: 1 }).waitFor();
    const shot = page.getByRole('img', { name: 'Screenshot of step 1: open the product page' });
    await shot.waitFor();
    // The JPEG the runner stored, decoded by the browser: the 800-pixel-wide page it was taken of.
    await expect(shot.evaluate((img: any) => img.complete && img.naturalWidth)).resolves.toBe(800);
    // The runner's live view, read-only, inside the run's page: it shows the page's frames.
    const live = page.frameLocator('iframe[title^="Live view"]');
    await live.locator('body[data-frames]').waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds an API request by its request id on the Developers page', async () => {
    const page = await logIn('support@example.com');
    await page.goto(`${base()}/developers`);
    await page.getByLabel('Request id').fill(loggedRequestId);
    await page.getByRole('button', { name: 'Find the request' }).click();
    await page.getByRole('heading', { name: `Request ${loggedRequestId}`, level: 1 }).waitFor();
    expect(await cellsOf(page, 'Requests with this id, newest first')).toEqual([
      [
        expect.any(String),
        loggedRequestId,
        'GET',
        '/api/2022-06-09/orders',
        '200',
        expect.stringMatching(/^\d+(\.\d)?$/),
        expect.stringMatching(/^sk_staging_/),
      ],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Request id').fill('never-sent');
    await page.getByRole('button', { name: 'Find the request' }).click();
    await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('No request never-sent in this project');
  });

  it('finds a wallet by its address and by its locator, and shows its balances, transfers and signers', async () => {
    const page = await logIn('admin@example.com');
    await page.goto(`${base()}/wallets`);
    for (const search of [held, 'email:holder@example.com:evm']) {
      await page.getByLabel('Address or locator').fill(search);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor();
      expect(await cellsOf(page, `Wallets matching ${search}`)).toEqual([
        [held, 'evm', 'smart', 'email:holder@example.com', '1', expect.any(String)],
      ]);
    }
    await page.getByRole('link', { name: held }).click();
    await page.getByRole('heading', { name: `Wallet ${held}`, level: 1 }).waitFor();
    const usdc = (await cellsOf(page, 'Balances')).find(([token]) => token === 'usdxm');
    expect(usdc?.slice(0, 2)).toEqual(['usdxm', '1']);
    expect(usdc?.[2]).toContain('base-sepolia: 1,');
    expect(await cellsOf(page, 'Transfers, newest first')).toEqual([
      ['in', 'base-sepolia:usdc', '1', expect.stringMatching(/^0x/), held, expect.any(String)],
    ]);
    expect(await cellsOf(page, 'Signers')).toEqual([
      ['admin', expect.stringMatching(/^api-key:0x/), 'everything', '-'],
      ['delegated', delegate, 'transfer base-sepolia:usdc, at most 50 per 86400 s', 'never'],
    ]);
    await page.goto(`${base()}/wallets?search=email:nobody@example.com:evm`);
    await page.getByText('Wallets matching email:nobody@example.com:evm: none yet.').waitFor();
    expect((await page.goto(`${base()}/wallets?chainType=bitcoin`))?.status()).toBe(400);
  });

  it('lists the project’s events by type, each linking to the run it names', async () => {
    const page = await logIn('admin@example.com');
    await page.goto(`${base()}/events`);
    await page.getByLabel('Event type').selectOption('agent-checkouts.run.updated');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    const types = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['agent-checkouts.run.updated']));
    await page
      .getByRole('link', { name: `Run ${runId}` })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Run / }).waitFor();
  });

  it('answers the run’s question from its page, and the run goes on', async () => {
    const page = await logIn('admin@example.com');
    await page.goto(`${base()}/runs/${runId}`);
    await page.getByRole('heading', { name: /^Waiting on:/ }).waitFor();
    const select = page.locator('select[name^="field."]');
    if ((await select.count()) > 0)
      await select.first().selectOption({ index: (await select.first().locator('option').count()) - 1 });
    for (const input of await page.locator('input[name^="field."]').all()) await input.fill('L');
    await page.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByRole('heading', { name: /^Run / }).waitFor();
    const after = await waitForRun(h, runId, (s) => s.status !== 'awaiting_input', { as: SERVICE });
    expect(after.status).not.toBe('awaiting_input');
  });

  it('redelivers a webhook message from its delivery page', async () => {
    const page = await logIn('admin@example.com');
    const deliveries = await h.call('GET', `/2025-06-09/webhooks/endpoints/${endpointId}/deliveries`, { as: SERVICE });
    const { messageId, attemptCount } = deliveries.body.data[0];
    const received = receiver.requests.length;
    await page.goto(`${base()}/webhooks/${endpointId}/deliveries/${messageId}`);
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('heading', { name: /^Delivery / }).waitFor();
    const deadline = Date.now() + 10_000;
    while (receiver.requests.length === received && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(receiver.requests.length).toBeGreaterThan(received);
    const detail = await h.call('GET', `/2025-06-09/webhooks/endpoints/${endpointId}/deliveries/${messageId}`, {
      as: SERVICE,
    });
    expect(detail.body.attemptCount).toBeGreaterThan(attemptCount);
    await page.goto(`${base()}/audit`);
    await expect(page.getByRole('cell', { name: 'webhook.redeliver' }).count()).resolves.toBeGreaterThan(0);
  });

  it('creates an API key with chosen scopes, shows it once, and revokes it', async () => {
    const page = await logIn('admin@example.com');
    await page.goto(`${base()}/developers`);
    await page.getByLabel('orders.read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('.secret').textContent())!.trim();
    expect(await h.platform.apiKeys.authenticate(key)).toMatchObject({
      outcome: 'authenticated',
      apiKey: { scopes: ['orders.read'] },
    });
    const prefix = key.slice(0, 'sk_staging_'.length + 8);
    await page.getByRole('button', { name: `Revoke ${prefix}` }).click();
    await page.getByRole('heading', { name: 'Developers' }).waitFor();
    expect(await h.platform.apiKeys.authenticate(key)).toMatchObject({ outcome: 'revoked' });
  });

  it('lets a support operator read (wallets, events) but not write: creating a key shows the 403 page', async () => {
    const page = await logIn('support@example.com');
    await page.goto(`${base()}/developers`);
    const before = (await h.platform.apiKeys.list(h.projectId)).length;
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'A support operator can read but not change anything',
    );
    expect((await h.platform.apiKeys.list(h.projectId)).length).toBe(before);
    expect((await page.goto(`${base()}/operators`))?.status()).toBe(403);
    await page.goto(`${base()}/wallets?search=${held}`);
    await page.getByRole('link', { name: held }).click();
    await page.getByRole('heading', { name: `Wallet ${held}`, level: 1 }).waitFor();
    await page.getByRole('cell', { name: delegate }).waitFor();
    expect((await page.goto(`${base()}/events`))?.status()).toBe(200);
  });
});
