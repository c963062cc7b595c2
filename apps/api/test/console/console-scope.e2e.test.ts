import { ALICE, type Harness, isFinalSnapshot, runBody, waitForRun } from '../agent-checkouts/support/harness.js';
import { ConsoleClient } from './console-client.js';
import { screenshotKey, startPlannedStepsHarness } from './support/planned-steps-strategy.js';

const CLI = { actor: { type: 'cli' as const, id: 'console-scope-tests' } };
const PASSWORD = 'a long scope test password';
const SHOT = Buffer.from('not really a jpeg, but the bytes the runner stored');

/**
 * The console's project-wide runs list, a run's steps and screenshots, and the request log, over
 * real HTTP: what an operator of one project sees, and that another project's run, screenshot or
 * request answers 404 as the API answers another project's resource.
 */
describe('console runs, screenshots and request log, scoped to the operator’s project', () => {
  let h: Harness;
  let otherProjectId: string;
  let otherKey: string;
  let client: ConsoleClient;
  const runs: Record<'service' | 'alice' | 'other' | 'acp', string> = { service: '', alice: '', other: '', acp: '' };
  const base = () => `/console/projects/${h.projectId}`;
  const runIdsOf = (html: string): string[] =>
    [...html.matchAll(/\/runs\/([\w-]+)(?:\?user=\w+)?">/g)].map((m) => m[1]!);

  beforeAll(async () => {
    h = await startPlannedStepsHarness({
      path: '/products/mug',
      steps: async (runId) => [
        { action: 'open the product page', screenshot: { key: screenshotKey(runId, 'first'), bytes: SHOT } },
        { action: 'read the price' },
        // A reference outside the run's screenshots: never served, whatever it holds.
        {
          action: 'a step pointing at a secret',
          screenshot: { key: `agent-checkouts/runs/${runId}/secrets/answer`, bytes: Buffer.from('hunter2') },
        },
      ],
    });
    const other = await h.platform.provisionProject({ name: 'Other shop', environment: 'staging' }, CLI);
    otherProjectId = other.project.projectId;
    otherKey = other.serverKey;
    await h.platform.operators.create(
      { email: 'admin@example.com', role: 'admin', projectIds: [h.projectId], password: PASSWORD },
      CLI,
    );
    const start = async (as: Parameters<Harness['call']>[2], path: string) => {
      const started = await h.call('POST', '/unstable/agent-checkouts', {
        ...as,
        body: runBody(h.product(path), '100'),
      });
      expect(started.status).toBe(202);
      return started.body.runId as string;
    };
    runs.service = await start({ as: { service: true } }, 'mug');
    runs.alice = await start({ as: ALICE }, 'mug');
    runs.acp = await start({ as: { service: true } }, 'tshirt');
    runs.other = await start({ as: { service: true }, headers: { 'x-api-key': otherKey } }, 'mug');
    await waitForRun(h, runs.service, isFinalSnapshot, { as: { service: true } });
    await waitForRun(h, runs.alice, isFinalSnapshot, { as: ALICE });
    await waitForRun(h, runs.acp, (s) => s.status === 'awaiting_input', { as: { service: true } });
    client = new ConsoleClient(h.server.rootUrl);
    expect((await client.login('admin@example.com', PASSWORD)).status).toBe(303);
  }, 60_000);
  afterAll(() => h?.close());

  it('lists every owner’s runs of the project, newest first, by status, and pages with the filter kept', async () => {
    const all = await client.get(`${base()}/runs`);
    expect(all.status).toBe(200);
    expect(runIdsOf(all.html)).toEqual([runs.acp, runs.alice, runs.service]);
    expect(all.html).toContain(`/runs/${runs.alice}?user=alice"`);
    expect(all.html).toContain('<td>user:alice</td>');

    const blocked = await client.get(`${base()}/runs?status=blocked`);
    expect(runIdsOf(blocked.html)).toEqual([runs.alice, runs.service]);
    const waiting = await client.get(`${base()}/runs?status=awaiting_input`);
    expect(runIdsOf(waiting.html)).toEqual([runs.acp]);
    expect(runIdsOf((await client.get(`${base()}/runs?user=alice`)).html)).toEqual([runs.alice]);

    const first = await client.get(`${base()}/runs?status=blocked&limit=1`);
    expect(runIdsOf(first.html)).toEqual([runs.alice]);
    const next = /href="([^"]+)">Next page/.exec(first.html)![1]!.replaceAll('&amp;', '&');
    expect(next).toContain('status=blocked');
    const second = await client.get(next);
    expect(runIdsOf(second.html)).toEqual([runs.service]);
    // A cursor is bound to its filters: under another status it is refused, not misread.
    const cursor = new URL(next, h.server.rootUrl).searchParams.get('cursor')!;
    expect((await client.get(`${base()}/runs?status=failed&cursor=${encodeURIComponent(cursor)}`)).status).toBe(400);

    const refused = await client.get(`${base()}/runs?status=paused`);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('role="alert"');
  });

  it('counts on the home page the project’s runs awaiting input, linked to each', async () => {
    const home = await client.get(base());
    expect(home.html).toMatch(/Runs awaiting input<\/h2><p>1, every owner/);
    expect(runIdsOf(home.html)).toEqual([runs.acp]);
  });

  it('shows a run’s steps with the screenshot the runner stored, served only to the project’s operator', async () => {
    const page = await client.get(`${base()}/runs/${runs.service}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('open the product page');
    const src = /<img[^>]+src="([^"]+)"/.exec(page.html)![1]!;
    expect(src).toBe(`${base()}/runs/${runs.service}/steps/1/screenshot`);
    expect(page.html).toContain('alt="Screenshot of step 1: open the product page"');

    const shot = await fetch(`${h.server.rootUrl}${src}`, { headers: { cookie: client.cookieHeader() } });
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/jpeg');
    expect(shot.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await shot.arrayBuffer()).equals(SHOT)).toBe(true);

    // No screenshot, a reference outside the run's screenshots, no such step, not a step number.
    for (const step of ['2', '3', '4', '0', 'x'])
      expect([step, (await client.get(`${base()}/runs/${runs.service}/steps/${step}/screenshot`)).status]).toEqual([
        step,
        404,
      ]);
    // The end user's run, with its owner; without it, it is not the service's run.
    expect((await client.get(`${base()}/runs/${runs.alice}/steps/1/screenshot?user=alice`)).status).toBe(200);
    expect((await client.get(`${base()}/runs/${runs.alice}/steps/1/screenshot`)).status).toBe(404);
    // No session: to the login page, no bytes.
    expect(await new ConsoleClient(h.server.rootUrl).get(src)).toMatchObject({ status: 303, html: '' });
  });

  it('answers another project’s run and its screenshot 404, under this project and under that one', async () => {
    await waitForRun(h, runs.other, isFinalSnapshot, { as: { service: true }, headers: { 'x-api-key': otherKey } });
    expect(runIdsOf((await client.get(`${base()}/runs`)).html)).not.toContain(runs.other);
    for (const path of [
      `${base()}/runs/${runs.other}`,
      `${base()}/runs/${runs.other}/steps/1/screenshot`,
      `/console/projects/${otherProjectId}/runs`,
      `/console/projects/${otherProjectId}/runs/${runs.other}`,
      `/console/projects/${otherProjectId}/runs/${runs.other}/steps/1/screenshot`,
    ])
      expect([path, (await client.get(path)).status]).toEqual([path, 404]);
  });

  it('finds the project’s API requests by request id on the Developers page, and answers another project’s 404', async () => {
    const asked = await h.call('GET', '/2022-06-09/orders?limit=5', {
      as: { service: true },
      headers: { 'x-request-id': 'console-scope-own' },
    });
    expect(asked.headers.get('x-request-id')).toBe('console-scope-own');
    const refused = await h.call('GET', '/2022-06-09/orders?limit=500', { as: { service: true } });
    expect(refused.status).toBe(400);
    const refusedId = refused.headers.get('x-request-id')!;
    await h.call('GET', '/2022-06-09/orders', {
      headers: { 'x-api-key': otherKey, 'x-request-id': 'console-scope-other' },
    });

    const developers = await client.get(`${base()}/developers`);
    expect(developers.html).toContain(`>${refusedId}</a>`);
    expect(developers.html).not.toContain('console-scope-other');

    const found = await client.get(`${base()}/developers/requests?requestId=console-scope-own`);
    expect(found.status).toBe(200);
    const prefix = (await h.platform.apiKeys.authenticate(h.serverKey)) as { apiKey: { displayPrefix: string } };
    expect(found.html).toMatch(
      new RegExp(
        `>console-scope-own</a></td><td>GET</td><td>/api/2022-06-09/orders</td><td>200</td><td>[\\d.]+</td><td>${prefix.apiKey.displayPrefix}</td>`,
      ),
    );
    // Never the key, never the query string.
    expect(found.html).not.toContain(h.serverKey);
    expect(found.html).not.toContain('limit=5');
    const missing = await client.get(`${base()}/developers/requests?requestId=never-sent`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('No request never-sent in this project');
    const bad = await client.get(`${base()}/developers/requests?requestId=${encodeURIComponent('<script>')}`);
    expect(bad.status).toBe(400);
    for (const path of [
      `${base()}/developers/requests?requestId=console-scope-other`,
      `${base()}/developers/requests?requestId=never-sent`,
      `/console/projects/${otherProjectId}/developers/requests?requestId=console-scope-other`,
    ])
      expect([path, (await client.get(path)).status]).toEqual([path, 404]);
  });
});
