/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { agentCheckoutMessageSchema, agentCheckoutSnapshotSchema } from '@paykit/contracts';
import { RunUpdatesHub } from '../../src/agent-checkouts/stream/run-updates-hub.js';
import { type Harness, ALICE, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';
import { openSse } from './support/sse.js';

let h: Harness;
let buyerProfileId: string;
beforeAll(async () => {
  h = await startHarness({ env: { AGENT_CHECKOUT_STREAM_HEARTBEAT_MS: 100 } });
  const shipping = {
    addressLines: ['1 Market St'],
    locality: 'San Francisco',
    administrativeAreaCode: 'CA',
    postalCode: '94105',
    countryCode: 'US',
  };
  const profile = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
    body: { name: { first: 'Alice', last: 'Doe' }, contact: { email: 'alice@example.com' }, shipping },
  });
  buyerProfileId = profile.body.id;
});
afterAll(() => h.close());

const streamUrl = (runId: string, query = '') =>
  `${h.server.baseUrl}/unstable/agent-checkouts/${runId}/messages/stream${query}`;
const open = async (runId: string, headers: Record<string, string> = {}, query = '') =>
  openSse(streamUrl(runId, query), { ...(await h.headers(ALICE)), ...headers });

/** A t-shirt run without a size: it stops and asks, so it can be watched at leisure. */
const askingRun = async () => {
  const created = await h.call('POST', '/unstable/agent-checkouts', {
    body: runBody(h.product('tshirt'), '100', { task: 'Buy the t-shirt', buyerProfileId }),
  });
  const waiting = await waitForRun(h, created.body.runId, (s) => s.status === 'awaiting_input');
  return { runId: created.body.runId as string, waiting };
};

const answer = (runId: string, requestId: string, id: string) =>
  h.call('POST', `/unstable/agent-checkouts/${runId}/messages`, {
    body: { id, parts: [{ type: 'input_response', requestId, action: 'submit', value: { size: 'S' } }] },
  });

const revisionOf = (id: string) => Number(id.split('.')[0]);

describe('GET /unstable/agent-checkouts/{runId}/messages/stream', () => {
  it('sends every message, then the current snapshot, each with a resume cursor as its id', async () => {
    const { runId, waiting } = await askingRun();
    const stream = await open(runId);
    const snapshot = await stream.waitFor((event) => event.event === 'run.updated');

    expect(snapshot.data).toEqual(waiting);
    expect(agentCheckoutSnapshotSchema.parse(snapshot.data)).toEqual(snapshot.data);
    expect(snapshot.id).toBe(String(waiting.revision));
    const messages = stream.events.filter((event) => event.event === 'message.upsert');
    expect(messages.length).toBeGreaterThan(0);
    expect(stream.events.indexOf(stream.events.find((event) => event.event === 'run.updated')!)).toBe(messages.length);
    messages.forEach((event) => expect(agentCheckoutMessageSchema.parse(event.data)).toEqual(event.data));
    expect(messages.map((event) => event.data.id)).toContain(waiting.requiredAction.messageId);
    messages.forEach((event) => expect(event.id).toMatch(/^\d+\.\d+$/));
    stream.close();
    await h.call('POST', `/unstable/agent-checkouts/${runId}/cancel`);
  });

  it('resumes with Last-Event-ID: only what followed, up to the final snapshot, then ends', async () => {
    const { runId, waiting } = await askingRun();
    const first = await open(runId);
    const seen = await first.waitFor((event) => event.event === 'run.updated');
    first.close();
    await first.ended;

    // While nobody listens, the user answers and the run finishes.
    expect((await answer(runId, waiting.requiredAction.requestId, 'size-answer')).status).toBe(201);
    const final = await waitForRun(h, runId, isFinalSnapshot);

    const resumed = await open(runId, { 'last-event-id': seen.id });
    await resumed.ended;
    expect(resumed.events.length).toBeGreaterThan(0);
    resumed.events.forEach((event) => expect(revisionOf(event.id)).toBeGreaterThan(revisionOf(seen.id)));
    expect(resumed.events.filter((event) => event.event === 'message.upsert').map((event) => event.data.id)).toContain(
      'size-answer',
    );
    const snapshots = resumed.events.filter((event) => event.event === 'run.updated');
    expect(snapshots.at(-1)!.data).toEqual(final);
    expect(resumed.events.at(-1)!.event).toBe('run.updated');

    // From the final snapshot's id there is nothing left: the stream ends at once, empty.
    const atEnd = await open(runId, { 'last-event-id': snapshots.at(-1)!.id });
    await atEnd.ended;
    expect(atEnd.events).toEqual([]);

    // ?after= works the same, from a message's id too: what followed it, then the newest snapshot.
    const answerEvent = resumed.events.find((event) => event.data.id === 'size-answer')!;
    const viaQuery = await open(runId, {}, `?after=${answerEvent.id}`);
    await viaQuery.ended;
    expect(viaQuery.events.map((event) => event.data.id)).not.toContain('size-answer');
    expect(viaQuery.events.filter((event) => event.event === 'message.upsert')).toEqual(
      resumed.events
        .filter((event) => event.event === 'message.upsert' && revisionOf(event.id) > revisionOf(answerEvent.id))
        .map((event) => ({ ...event, at: expect.any(Number) })),
    );
    expect(viaQuery.events.at(-1)).toMatchObject({ event: 'run.updated', data: final });

    // The header is newer than the URL a browser reconnects with: it wins.
    const both = await open(runId, { 'last-event-id': snapshots.at(-1)!.id }, `?after=${answerEvent.id}`);
    await both.ended;
    expect(both.events).toEqual([]);
  });

  it('answers 400 for a cursor it did not send, before streaming', async () => {
    const { runId, waiting } = await askingRun();
    for (const [headers, query, field] of [
      [{ 'last-event-id': 'abc' }, '', 'last-event-id'],
      [{ 'last-event-id': String(waiting.revision + 5) }, '', 'last-event-id'],
      [{}, '?after=1.x', 'after'],
      [{}, '?after=', 'after'],
    ] as const) {
      const response = await fetch(streamUrl(runId, query), { headers: { ...(await h.headers(ALICE)), ...headers } });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const body: any = await response.json();
      expect(body.parameters.issues).toEqual([expect.objectContaining({ path: field })]);
    }
    await h.call('POST', `/unstable/agent-checkouts/${runId}/cancel`);
  });

  it('keeps a quiet stream alive with heartbeats, sends changes live, and lets go of a client that leaves', async () => {
    const { runId, waiting } = await askingRun();
    const hub = h.server.app.get(RunUpdatesHub);
    const stream = await open(runId);
    await stream.waitFor((event) => event.event === 'run.updated');
    const deadline = Date.now() + 5_000;
    while (stream.comments.filter((comment) => comment === 'heartbeat').length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stream.comments.filter((comment) => comment === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    expect(hub.listening(runId)).toBe(1);

    await h.call('POST', `/unstable/agent-checkouts/${runId}/messages`, {
      body: { id: 'hello', parts: [{ type: 'text', text: 'Any size is fine' }] },
    });
    const live = await stream.waitFor((event) => event.event === 'message.upsert' && event.data.id === 'hello');
    expect(live.data).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'Any size is fine' }] });
    expect(revisionOf(live.id)).toBeGreaterThan(waiting.revision);

    stream.close();
    const closedBy = Date.now() + 5_000;
    while (hub.listening(runId) > 0 && Date.now() < closedBy) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hub.listening(runId)).toBe(0);
    await h.call('POST', `/unstable/agent-checkouts/${runId}/cancel`);
  });
});
