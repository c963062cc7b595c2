/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { agentCheckoutListResponseSchema } from '@paykit/contracts';
import { type As, type Harness, ALICE, BOB, runBody, startHarness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { AGENT_CHECKOUT_RUNNER: 'off' } });
});
afterAll(() => h.close());

const create = async (as: As) => {
  const response = await h.call('POST', '/unstable/agent-checkouts', { as, body: runBody(h.product('mug'), '50') });
  expect(response.status).toBe(202);
  return response.body.runId as string;
};
const list = (as: As, query = '') => h.call('GET', `/unstable/agent-checkouts${query}`, { as });

describe('runs belong to their subject', () => {
  it('one user never sees or touches another user’s run: 404 everywhere', async () => {
    const alices = await create(ALICE);
    const paths = [
      ['GET', `/unstable/agent-checkouts/${alices}`],
      ['POST', `/unstable/agent-checkouts/${alices}/cancel`],
      ['GET', `/unstable/agent-checkouts/${alices}/messages`],
      ['GET', `/unstable/agent-checkouts/${alices}/messages/stream`],
    ] as const;
    for (const [method, path] of paths) {
      const response = await h.call(method, path, { as: BOB });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: true, message: 'Not found', code: 'checkout_run_not_found' });
    }
    const message = await h.call('POST', `/unstable/agent-checkouts/${alices}/messages`, {
      as: BOB,
      body: { id: 'm1', parts: [{ type: 'text', text: 'hi' }] },
    });
    expect(message.status).toBe(404);
    expect((await h.call('GET', `/unstable/agent-checkouts/${alices}`, { as: ALICE })).body.status).toBe('queued');
  });

  it('treats the JWT subject under a client key and x-service-user-id under a server key as the same user', async () => {
    const viaClient = await create({ user: 'carol', via: 'client' });
    const viaServer = await h.call('GET', `/unstable/agent-checkouts/${viaClient}`, { as: { user: 'carol' } });
    expect(viaServer.status).toBe(200);
    const listed = await list({ user: 'carol', via: 'client' });
    expect(listed.body.data.map((run: any) => run.runId)).toEqual([viaClient]);
    expect(
      (await h.call('GET', `/unstable/agent-checkouts/${viaClient}`, { as: { user: 'dave', via: 'client' } })).status,
    ).toBe(404);
  });

  it('gives a server key without x-service-user-id the fixed service subject, distinct from every user', async () => {
    const services = await create({ service: true });
    expect((await h.call('GET', `/unstable/agent-checkouts/${services}`, { as: { service: true } })).status).toBe(200);
    expect((await h.call('GET', `/unstable/agent-checkouts/${services}`, { as: { user: 'service' } })).status).toBe(
      404,
    );
    expect((await list({ service: true })).body.data.map((run: any) => run.runId)).toEqual([services]);
  });

  it('lists only the caller’s own runs', async () => {
    const erins = [await create({ user: 'erin' }), await create({ user: 'erin' })];
    await create({ user: 'frank' });
    const response = await list({ user: 'erin' });
    expect(response.status).toBe(200);
    expect(response.body.data.map((run: any) => run.runId).sort()).toEqual([...erins].sort());
  });
});

describe('GET /unstable/agent-checkouts', () => {
  it('pages newest first with opaque cursors, never skipping or repeating, each page a valid list body', async () => {
    const user: As = { user: 'pager' };
    const created: string[] = [];
    for (let index = 0; index < 7; index++) created.push(await create(user));

    const seen: string[] = [];
    const times: string[] = [];
    let query = '?limit=3';
    const pages: number[] = [];
    for (;;) {
      const response = await list(user, query);
      expect(response.status).toBe(200);
      expect(agentCheckoutListResponseSchema.parse(response.body)).toEqual(response.body);
      pages.push(response.body.data.length);
      seen.push(...response.body.data.map((run: any) => run.runId));
      times.push(...response.body.data.map((run: any) => run.createdAt));
      if (!response.body.nextCursor) break;
      query = `?limit=3&cursor=${encodeURIComponent(response.body.nextCursor)}`;
    }
    expect(pages).toEqual([3, 3, 1]);
    expect([...seen].sort()).toEqual([...created].sort());
    // Newest first (runs created in the same millisecond are ordered by id).
    times.slice(1).forEach((time, index) => expect(time <= times[index]!).toBe(true));
  });

  it('refuses a cursor altered, or issued to another user', async () => {
    const user: As = { user: 'cursor-owner' };
    await create(user);
    await create(user);
    const first = await list(user, '?limit=1');
    const cursor: string = first.body.nextCursor;
    expect(cursor).toEqual(expect.any(String));

    const [payload, signature] = cursor.split('.');
    const altered = `${Buffer.from(JSON.stringify({ createdAt: '9999-01-01T00:00:00.000Z', id: 'x' })).toString('base64url')}.${signature}`;
    for (const [as, bad] of [
      [user, altered],
      [user, `${payload}.AAAA`],
      [ALICE, cursor],
    ] as const) {
      const response = await list(as, `?cursor=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(response.body.parameters.issues).toEqual([expect.objectContaining({ path: 'cursor' })]);
    }
  });

  it('shows a run created just before (reads its own writes)', async () => {
    const user: As = { user: 'fresh' };
    for (let index = 0; index < 3; index++) {
      const runId = await create(user);
      expect((await list(user, '?limit=100')).body.data.map((run: any) => run.runId)).toContain(runId);
    }
  });
});
