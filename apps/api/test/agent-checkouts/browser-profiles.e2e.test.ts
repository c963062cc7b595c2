/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BrowserProfileStates } from '../../src/agent-checkouts/browser-profiles/browser-profile-states.js';
import { AGENT_CHECKOUT_BLOBS } from '../../src/agent-checkouts/shared/tokens.js';
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';

const ACCOUNT = 'shopper@example.com';
const LOG_IN_TASK = `Buy a ceramic mug. Log in as ${ACCOUNT} first.`;

let h: Harness;
let buyerProfileId: string;

beforeAll(async () => {
  h = await startHarness({
    shopOptions: { agenticCheckout: false },
    // On disk (sqlite: events and the blobs sealed in them), so the saved state is encrypted at rest.
    env: {
      EVENT_STORE: 'sqlite',
      CHROMIUM_PATH,
      AGENT_CHECKOUT_LIVE_VIEW: 'off',
      AGENT_CHECKOUT_ERASURE_EVERY_MS: 100,
    },
  });
  const buyer = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
    body: {
      name: { first: 'Sam', last: 'Shopper' },
      contact: { email: 'sam@example.com' },
      shipping: {
        addressLines: ['1 Market St'],
        locality: 'San Francisco',
        administrativeAreaCode: 'CA',
        postalCode: '94105',
        countryCode: 'US',
      },
    },
  });
  buyerProfileId = buyer.body.id;
}, 60_000);
afterAll(() => h?.close());

const states = () => h.server.app.get(BrowserProfileStates);
/** Every file under DATA_DIR (the store, its WAL, read models), as one text to search. */
const everythingOnDisk = async (): Promise<string> => {
  const files = await readdir(h.server.dataDir, { recursive: true, withFileTypes: true });
  const contents = await Promise.all(
    files.filter((file) => file.isFile()).map((file) => readFile(join(file.parentPath, file.name))),
  );
  return Buffer.concat(contents).toString('latin1');
};
const finished = (runId: string) => waitForRun(h, runId, isFinalSnapshot, { timeoutMs: 60_000 });
const newProfile = async () => {
  const created = await h.call('POST', '/unstable/agent-checkouts/browser-profiles', {
    body: { label: 'My shopping browser' },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
};
const startRun = async (profileId: string, task: string) => {
  const created = await h.call('POST', '/unstable/agent-checkouts', {
    body: runBody(h.product('mug'), '50', { task, buyerProfileId, browser: { profileId } }),
  });
  expect(created.status).toBe(202);
  return created.body.runId as string;
};
const orderOf = (snapshot: any) => h.shop.state.order(snapshot.result.purchase.receipt.merchantOrderId);

// One story in one test: a subject has at most one browser profile, so its life (saved, reused,
// erased) is told in order, each phase asserting what it promises.
describeWithChromium('saved browser profiles with real headless Chromium', () => {
  it('saves the state of a run that logged in (encrypted, never returned), loads it in the next run, erases it on delete', async () => {
    // Saved: the state of a run that logged in, encrypted at rest, never returned.
    const profileId = await newProfile();
    const runId = await startRun(profileId, LOG_IN_TASK);

    const asking = await waitForRun(h, runId, (s) => s.status === 'awaiting_input' || isFinalSnapshot(s), {
      timeoutMs: 60_000,
    });
    const action = asking.requiredAction;
    expect(action.request).toMatchObject({ interaction: { kind: 'protected', format: 'password' } });
    expect(action.request.question).toContain(ACCOUNT);
    const messageId = 'password-1';
    const answered = await h.call('POST', `/unstable/agent-checkouts/${runId}/messages`, {
      body: {
        id: messageId,
        parts: [{ type: 'input_response', requestId: action.requestId, action: 'submit', value: 'demo-password' }],
      },
    });
    expect(answered.status).toBe(201);

    const done = await finished(runId);
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(orderOf(done)).toMatchObject({ account: ACCOUNT });

    const saved = await states().load(profileId);
    expect(JSON.parse(Buffer.from(saved!).toString('utf8')).cookies.map((cookie: any) => cookie.name)).toContain(
      'dm_account',
    );
    const disk = await everythingOnDisk();
    expect(disk).not.toContain('dm_account');
    expect(disk).not.toContain('demo-password');
    // The password was read once and not kept.
    const secret = await h.server.app
      .get<BlobStore>(AGENT_CHECKOUT_BLOBS)
      .get(`agent-checkouts/runs/${runId}/secrets/${Buffer.from(messageId).toString('base64url')}`);
    expect(E.isRight(secret) && secret.right).toBeNull();

    const profile = await h.call('GET', `/unstable/agent-checkouts/browser-profiles/${profileId}`);
    expect(Object.keys(profile.body).sort()).toEqual(['createdAt', 'id', 'label', 'updatedAt']);

    // Loaded: the next run with that profile; the shop sees the user logged in, no password asked.
    const nextRunId = await startRun(profileId, LOG_IN_TASK);
    const next = await finished(nextRunId);
    expect(next).toMatchObject({ status: 'succeeded', requiredAction: null });
    expect(orderOf(next)).toMatchObject({ account: ACCOUNT });
    const messages = await h.call('GET', `/unstable/agent-checkouts/${nextRunId}/messages`);
    expect(JSON.stringify(messages.body)).not.toContain('password');

    // Erased: when the profile is deleted it is gone, and a next run is logged out.
    expect((await h.call('DELETE', `/unstable/agent-checkouts/browser-profiles/${profileId}`)).status).toBe(204);
    const deadline = Date.now() + 20_000;
    while ((await states().load(profileId)) !== null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await states().load(profileId)).toBeNull();

    const reuse = await h.call('POST', '/unstable/agent-checkouts', {
      body: runBody(h.product('mug'), '50', { buyerProfileId, browser: { profileId } }),
    });
    // A deleted profile cannot be named by a new run (400 naming the field, as for any unknown profile).
    expect(reuse.status).toBe(400);
    expect(JSON.stringify(reuse.body)).toContain('browser.profileId');

    const afterRunId = await startRun(await newProfile(), 'Buy a ceramic mug');
    const after = await finished(afterRunId);
    expect(after).toMatchObject({ status: 'succeeded' });
    expect(orderOf(after)?.account).toBeUndefined();
  }, 300_000);
});
