/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { RunCommands, systemContext } from '@paykit/checkout-agent';
import { checkoutRunStreamName } from '@paykit/checkout-runs';
import { agentCheckoutMessageListResponseSchema } from '@paykit/contracts';
import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { randomIds, systemClock } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { AGENT_CHECKOUT_BLOBS } from '../../src/agent-checkouts/shared/tokens.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { type Harness, BOB, runBody, startHarness } from './support/harness.js';

let h: Harness;
let runner: RunCommands;
beforeAll(async () => {
  // No runner in the app: the test plays the runner through the same commands a runner sends.
  h = await startHarness({ env: { AGENT_CHECKOUT_RUNNER: 'off' } });
  runner = new RunCommands({ store: h.server.app.get<EventStore>(EVENT_STORE), clock: systemClock, ids: randomIds });
});
afterAll(() => h.close());

const messagesPath = (runId: string) => `/unstable/agent-checkouts/${runId}/messages`;
const created = async () =>
  (await h.call('POST', '/unstable/agent-checkouts', { body: runBody(h.product('mug'), '50') })).body;

/** Claims the run as runner `r1` and asks a question of the given kind. */
const ask = async (runId: string, interaction: any) => {
  const claimed = await runner.claim(runId, 'r1', 60_000);
  if (E.isLeft(claimed)) throw new Error(claimed.left.message);
  const now = new Date();
  const asked = await runner.execute(
    runId,
    {
      type: 'RequestInput',
      data: {
        runnerId: 'r1',
        messageId: 'q1',
        requestId: 'req-1',
        question: 'Your shop password?',
        interaction,
        expiresAt: new Date(now.getTime() + 60_000),
        now,
      },
    },
    systemContext(claimed.right, 'r1'),
  );
  if (E.isLeft(asked)) throw new Error(asked.left.message);
};

describe('a run’s messages', () => {
  it('takes the user’s texts and lists them oldest first, by pages', async () => {
    const { runId } = await created();
    for (let index = 1; index <= 5; index++) {
      const posted = await h.call('POST', messagesPath(runId), {
        body: { id: `m${index}`, parts: [{ type: 'text', text: `note ${index}` }] },
      });
      expect(posted.status).toBe(201);
      expect(posted.body).toMatchObject({
        id: `m${index}`,
        role: 'user',
        parts: [{ type: 'text', text: `note ${index}` }],
      });
    }
    const ids: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await h.call('GET', `${messagesPath(runId)}${query}`);
      expect(agentCheckoutMessageListResponseSchema.parse(page.body)).toEqual(page.body);
      ids.push(...page.body.data.map((message: any) => message.id));
      if (!page.body.nextCursor) break;
      query = `?limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`;
    }
    expect(ids).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);

    const first = await h.call('GET', `${messagesPath(runId)}?limit=2`);
    const other = await created();
    const replayed = await h.call(
      'GET',
      `${messagesPath(other.runId)}?cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(replayed.status).toBe(400);
  });

  it('validates a message: one part, a client id, a known part type', async () => {
    const { runId } = await created();
    for (const [body, field] of [
      [{ parts: [{ type: 'text', text: 'hi' }] }, 'id'],
      [{ id: 'x', parts: [] }, 'parts'],
      [
        {
          id: 'x',
          parts: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
        'parts',
      ],
      [{ id: 'x', parts: [{ type: 'image', url: 'x' }] }, 'parts[0].type'],
      [{ id: 'x', parts: [{ type: 'text', text: '' }] }, 'parts[0].text'],
      [{ id: 'x', parts: [{ type: 'input_response', requestId: 'r', action: 'maybe' }] }, 'parts[0].action'],
    ] as const) {
      const response = await h.call('POST', messagesPath(runId), { body });
      expect(response.status).toBe(400);
      expect(response.body.parameters.issues.map((issue: any) => issue.path)).toContain(field);
    }
    expect(
      (await h.call('POST', messagesPath(runId), { as: BOB, body: { id: 'x', parts: [{ type: 'text', text: 'hi' }] } }))
        .status,
    ).toBe(404);
  });

  it('keeps the secret answer to a protected question out of the run: sealed aside, referred to by reference', async () => {
    const { runId } = await created();
    await ask(runId, { kind: 'protected', format: 'password' });
    const waiting = await h.call('GET', `/unstable/agent-checkouts/${runId}`);
    expect(waiting.body.requiredAction).toMatchObject({
      requestId: 'req-1',
      request: { interaction: { kind: 'protected' } },
    });

    const notAString = await h.call('POST', messagesPath(runId), {
      body: {
        id: 'pw',
        parts: [{ type: 'input_response', requestId: 'req-1', action: 'submit', value: { password: 'x' } }],
      },
    });
    expect(notAString.status).toBe(400);

    const secret = 'correct horse battery staple';
    const body = { id: 'pw', parts: [{ type: 'input_response', requestId: 'req-1', action: 'submit', value: secret }] };
    const posted = await h.call('POST', messagesPath(runId), { body });
    expect(posted.status).toBe(201);
    expect(posted.body.parts).toEqual([{ type: 'input_response', requestId: 'req-1', action: 'submit' }]);
    expect((await h.call('POST', messagesPath(runId), { body })).status).toBe(201);

    const events: RecordedEvent[] = [];
    for await (const event of h.server.app.get<EventStore>(EVENT_STORE).readStream(checkoutRunStreamName(runId)))
      events.push(event);
    expect(JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })))).not.toContain(secret);
    const answered = events.find((event) => event.type === 'CheckoutRunInputAnswered')!.data as { secretRef: string };
    const kept = await h.server.app.get<BlobStore>(AGENT_CHECKOUT_BLOBS).get(answered.secretRef);
    expect(E.isRight(kept) && Buffer.from(kept.right!.bytes).toString('utf8')).toBe(secret);
    expect(JSON.stringify((await h.call('GET', messagesPath(runId))).body)).not.toContain(secret);
    expect((await h.call('GET', `/unstable/agent-checkouts/${runId}`)).body.status).toBe('running');
  });
});

describe('x-idempotency-key on create', () => {
  it('replays the first run for the same key and body', async () => {
    const headers = { 'x-idempotency-key': `create-${randomIds.uuid()}` };
    const body = runBody(h.product('mug'), '50');
    const first = await h.call('POST', '/unstable/agent-checkouts', { body, headers });
    const second = await h.call('POST', '/unstable/agent-checkouts', { body, headers });
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-idempotent-replayed')).toBe('true');
  });
});
