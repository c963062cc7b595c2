/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { randomUUID } from 'node:crypto';
import { buyerProfileSchema, browserProfileSchema } from '@paykit/contracts';
import { envelope } from '@paykit/kernel';
import { BrowserProfileStates } from '../../src/agent-checkouts/browser-profiles/browser-profile-states.js';
import { ErasureWorker } from '../../src/agent-checkouts/browser-profiles/erasure-worker.js';
import { FaultyStore } from './support/faulty-store.js';
import { type As, type Harness, ALICE, BOB, runBody, startHarness } from './support/harness.js';

const store = new FaultyStore();
let h: Harness;
beforeAll(async () => {
  // No runner (runs stay where the test puts them); erasures only when the test asks.
  h = await startHarness({
    eventStore: store,
    env: { AGENT_CHECKOUT_RUNNER: 'off', AGENT_CHECKOUT_ERASURE_EVERY_MS: 0 },
  });
});
afterEach(() => store.heal());
afterAll(() => h.close());

const BUYERS = '/unstable/agent-checkouts/buyer-profiles';
const BROWSERS = '/unstable/agent-checkouts/browser-profiles';
const shipping = {
  addressLines: ['1 Market St', 'Floor 2'],
  locality: 'San Francisco',
  administrativeAreaCode: 'CA',
  postalCode: '94105',
  countryCode: ' us ',
};

describe('buyer profiles', () => {
  it('are created (201), read, listed, changed and deleted (204), never holding payment data', async () => {
    const created = await h.call('POST', BUYERS, {
      body: { label: 'Home', name: { first: 'Alice', last: 'Doe' }, contact: { email: 'alice@example.com' }, shipping },
    });
    expect(created.status).toBe(201);
    expect(buyerProfileSchema.parse(created.body)).toEqual(created.body);
    expect(created.body).toMatchObject({ label: 'Home', shipping: { ...shipping, countryCode: 'US' } });
    const id = created.body.id;

    expect((await h.call('GET', `${BUYERS}/${id}`)).body).toEqual(created.body);

    const withCard = await h.call('POST', BUYERS, { body: { shipping, card: { number: '4242424242424242' } } });
    expect(withCard.status).toBe(400);
    const patchCard = await h.call('PATCH', `${BUYERS}/${id}`, { body: { paymentMethod: 'card' } });
    expect(patchCard.status).toBe(400);

    const patched = await h.call('PATCH', `${BUYERS}/${id}`, {
      body: { label: null, contact: { phone: '+442071234567' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty('label');
    expect(patched.body.contact).toEqual({ phone: '+442071234567' });
    expect(patched.body.name).toEqual({ first: 'Alice', last: 'Doe' });

    const listed = await h.call('GET', BUYERS);
    expect(listed.body.data).toEqual([patched.body]);

    const deleted = await h.call('DELETE', `${BUYERS}/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await h.call('GET', `${BUYERS}/${id}`)).status).toBe(404);
    expect((await h.call('DELETE', `${BUYERS}/${id}`)).status).toBe(404);
    expect((await h.call('GET', BUYERS)).body.data).toEqual([]);
  });

  it('belong to their user: another user gets 404 and does not list them', async () => {
    const { id } = (await h.call('POST', BUYERS, { as: BOB, body: { shipping } })).body;
    for (const [method, body] of [['GET'], ['PATCH', { label: 'mine now' }], ['DELETE']] as const) {
      expect((await h.call(method, `${BUYERS}/${id}`, { as: ALICE, ...(body ? { body } : {}) })).status).toBe(404);
    }
    expect((await h.call('GET', BUYERS, { as: ALICE })).body.data.map((p: any) => p.id)).not.toContain(id);
    expect((await h.call('GET', `${BUYERS}/${id}`, { as: BOB })).status).toBe(200);
  });

  /** Data keys (docs/adr/0509): what was written in clear before them, and a DELETE the store fails half-way. */
  const profileEvents = async (id: string) => {
    const events = [];
    for await (const event of store.readStream(`buyerProfile-${id}`)) events.push(event);
    return events;
  };

  it('written in clear before data keys: still read, sealed from their first change, erasable', async () => {
    const id = randomUUID();
    const at = '2026-01-02T03:04:05.000Z';
    const details = { name: { first: 'Olde', last: 'Clearwater' }, shipping: { ...shipping, countryCode: 'US' } };
    await store.appendToStream(
      `buyerProfile-${id}`,
      [
        envelope(
          {
            type: 'BuyerProfileCreated',
            data: { profileId: id, projectId: h.projectId, owner: 'user:alice', details, createdAt: at },
          },
          { projectId: h.projectId, actor: { type: 'user', id: 'user:alice' }, correlationId: id },
          { eventId: randomUUID(), occurredAt: new Date(at) },
        ),
      ],
      { expectedRevision: 'no_stream' },
    );
    expect((await h.call('GET', `${BUYERS}/${id}`)).body).toEqual({ id, ...details, createdAt: at, updatedAt: at });
    const patched = await h.call('PATCH', `${BUYERS}/${id}`, { body: { label: 'Old' } });
    expect(patched.body).toMatchObject({ id, label: 'Old', name: details.name });
    const updated = (await profileEvents(id)).at(-1)!;
    expect(updated.data).toEqual({
      profileId: id,
      sealedDetails: expect.any(String),
      updatedAt: patched.body.updatedAt,
    });
    expect(JSON.stringify(updated.data)).not.toContain('Clearwater');
    expect((await h.call('GET', BUYERS)).body.data).toContainEqual(patched.body);
    expect((await h.call('DELETE', `${BUYERS}/${id}`)).status).toBe(204);
    expect((await h.call('GET', `${BUYERS}/${id}`)).status).toBe(404);
  });

  it('a DELETE whose deletion fails after the key is erased: the profile is gone at once, a retry finishes it', async () => {
    const { id } = (await h.call('POST', BUYERS, { body: { name: { first: 'Half', last: 'Way' }, shipping } })).body;
    store.failAppendsTo(`buyerProfile-${id}`);
    expect((await h.call('DELETE', `${BUYERS}/${id}`)).status).toBe(503);
    store.heal();
    // The data key went first: nothing sealed under it opens, so the profile reads as gone.
    expect((await h.call('GET', `${BUYERS}/${id}`)).status).toBe(404);
    expect((await h.call('PATCH', `${BUYERS}/${id}`, { body: { label: 'back' } })).status).toBe(404);
    expect((await h.call('GET', BUYERS)).body.data.map((p: any) => p.id)).not.toContain(id);
    expect((await h.call('DELETE', `${BUYERS}/${id}`)).status).toBe(204);
    expect((await profileEvents(id)).map((event) => event.type)).toEqual([
      'BuyerProfileCreated',
      'BuyerProfileDeleted',
    ]);
    expect((await h.call('DELETE', `${BUYERS}/${id}`)).status).toBe(404);
  });

  it('list 20 by default, at most 100, with a cursor', async () => {
    const user: As = { user: 'many-addresses' };
    for (let index = 0; index < 22; index++)
      await h.call('POST', BUYERS, { as: user, body: { label: `#${index}`, shipping } });
    const first = await h.call('GET', BUYERS, { as: user });
    expect(first.body.data).toHaveLength(20);
    const rest = await h.call('GET', `${BUYERS}?cursor=${encodeURIComponent(first.body.nextCursor)}`, { as: user });
    expect(rest.body.data).toHaveLength(2);
    expect(rest.body.nextCursor).toBeNull();
    expect(new Set([...first.body.data, ...rest.body.data].map((p: any) => p.id)).size).toBe(22);
    expect((await h.call('GET', `${BUYERS}?limit=101`, { as: user })).status).toBe(400);
  });
});

describe('browser profiles', () => {
  const states = () => h.server.app.get(BrowserProfileStates);
  const worker = () => h.server.app.get(ErasureWorker);

  it('are created (201, at most one per user: 409), listed, read and renamed', async () => {
    const user: As = { user: 'browser-owner' };
    const created = await h.call('POST', BROWSERS, { as: user, body: { label: 'Laptop' } });
    expect(created.status).toBe(201);
    expect(browserProfileSchema.parse(created.body)).toEqual(created.body);
    const second = await h.call('POST', BROWSERS, { as: user, body: {} });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: true, code: 'browser_profile_exists' });

    expect((await h.call('GET', BROWSERS, { as: user })).body.data).toEqual([created.body]);
    const renamed = await h.call('PATCH', `${BROWSERS}/${created.body.id}`, { as: user, body: { label: 'Desktop' } });
    expect(renamed.body).toMatchObject({ id: created.body.id, label: 'Desktop' });
    expect((await h.call('GET', `${BROWSERS}/${created.body.id}`, { as: user })).body).toEqual(renamed.body);
    expect((await h.call('GET', `${BROWSERS}/${created.body.id}`, { as: BOB })).status).toBe(404);
    expect((await h.call('DELETE', `${BROWSERS}/${created.body.id}`, { as: BOB })).status).toBe(404);
    expect((await h.call('GET', `${BROWSERS}/not-a-uuid`, { as: user })).status).toBe(400);
  });

  it('delete: gone at once for new runs; runs using it continue; the state is erased once they finish', async () => {
    const user: As = { user: 'deleter' };
    const { id } = (await h.call('POST', BROWSERS, { as: user, body: {} })).body;
    await states().save(id, Buffer.from('{"cookies":[{"name":"dm_account"}]}'));
    const running = await h.call('POST', '/unstable/agent-checkouts', {
      as: user,
      body: runBody(h.product('mug'), '50', { browser: { profileId: id } }),
    });
    expect(running.status).toBe(202);

    const deleted = await h.call('DELETE', `${BROWSERS}/${id}`, { as: user });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');

    expect((await h.call('GET', `${BROWSERS}/${id}`, { as: user })).status).toBe(404);
    expect((await h.call('GET', BROWSERS, { as: user })).body.data).toEqual([]);
    const refused = await h.call('POST', '/unstable/agent-checkouts', {
      as: user,
      body: runBody(h.product('mug'), '50', { browser: { profileId: id } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'browser_profile_not_found',
      parameters: { field: 'browser.profileId' },
    });
    expect((await h.call('DELETE', `${BROWSERS}/${id}`, { as: user })).status).toBe(404);

    // The run that uses it goes on, and its state stays while the run is unfinished.
    const run = await h.call('GET', `/unstable/agent-checkouts/${running.body.runId}`, { as: user });
    expect(run.body).toMatchObject({ status: 'queued', input: { browser: { profileId: id } } });
    expect(await worker().runOnce()).toBe(0);
    expect(await states().load(id)).not.toBeNull();

    expect((await h.call('POST', `/unstable/agent-checkouts/${running.body.runId}/cancel`, { as: user })).status).toBe(
      202,
    );
    expect(await worker().runOnce()).toBe(1);
    expect(await states().load(id)).toBeNull();
    expect(await worker().runOnce()).toBe(0);

    // The user may make a new profile now.
    expect((await h.call('POST', BROWSERS, { as: user, body: {} })).status).toBe(201);
  });

  it('delete answers 503 when the erasure cannot be scheduled, and the profile is intact', async () => {
    const user: As = { user: 'unlucky' };
    const { id } = (await h.call('POST', BROWSERS, { as: user, body: { label: 'Phone' } })).body;
    await states().save(id, Buffer.from('{"cookies":[]}'));

    store.failAppendsTo('browserProfiles-');
    const failed = await h.call('DELETE', `${BROWSERS}/${id}`, { as: user });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ error: true, code: 'service_unavailable' });
    expect(failed.headers.get('retry-after')).toEqual(expect.any(String));
    store.heal();

    expect((await h.call('GET', `${BROWSERS}/${id}`, { as: user })).body).toMatchObject({ id, label: 'Phone' });
    expect((await h.call('GET', BROWSERS, { as: user })).body.data.map((p: any) => p.id)).toEqual([id]);
    expect(await worker().runOnce()).toBe(0);
    expect(await states().load(id)).not.toBeNull();
    const run = await h.call('POST', '/unstable/agent-checkouts', {
      as: user,
      body: runBody(h.product('mug'), '50', { browser: { profileId: id } }),
    });
    expect(run.status).toBe(202);

    expect((await h.call('DELETE', `${BROWSERS}/${id}`, { as: user })).status).toBe(204);
  });
});
