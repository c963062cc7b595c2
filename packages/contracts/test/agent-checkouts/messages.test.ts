import {
  agentCheckoutMessageBodySchema,
  agentCheckoutMessageListQuerySchema,
  agentCheckoutMessageListResponseSchema,
  agentCheckoutMessageSchema,
  agentCheckoutStreamQuerySchema,
} from '../../src/agent-checkouts/index.js';

const body = (part: unknown, id = 'msg-1') => ({ id, parts: [part] });
const ok = (value: unknown) => agentCheckoutMessageBodySchema.safeParse(value).success;

describe('message body (POST messages)', () => {
  it.each([
    [{ type: 'text', text: 'Use the gift wrap' }],
    [{ type: 'input_response', requestId: 'req-1', action: 'submit', value: { size: 'M' } }],
    [{ type: 'input_response', requestId: 'req-1', action: 'submit', value: 'hunter2' }],
    [{ type: 'input_response', requestId: 'req-1', action: 'submit', value: null }],
    [{ type: 'input_response', requestId: 'req-1', action: 'alternative', text: 'Size L is fine' }],
    [{ type: 'input_response', requestId: 'req-1', action: 'decline' }],
    [{ type: 'input_response', requestId: 'req-1', action: 'decline', text: 'Not now' }],
  ])('accepts the part %j', (part) => {
    expect(ok(body(part))).toBe(true);
  });

  it.each([
    ['a submit without value', { type: 'input_response', requestId: 'req-1', action: 'submit' }],
    ['an alternative without text', { type: 'input_response', requestId: 'req-1', action: 'alternative' }],
    ['an unknown action', { type: 'input_response', requestId: 'req-1', action: 'skip' }],
    ['no requestId', { type: 'input_response', action: 'decline' }],
    ['an empty requestId', { type: 'input_response', requestId: '', action: 'decline' }],
    ['an empty text', { type: 'text', text: '' }],
    ['a 20001-character text', { type: 'text', text: 'x'.repeat(20001) }],
    ['an unknown part type', { type: 'image', url: 'https://a.test/x.png' }],
    ['an unknown field', { type: 'text', text: 'hi', lang: 'en' }],
    ['a value that is not JSON', { type: 'input_response', requestId: 'req-1', action: 'submit', value: () => 1 }],
  ])('refuses %s', (_label, part) => {
    expect(ok(body(part))).toBe(false);
  });

  it('needs a client-generated id and exactly one part', () => {
    expect(ok({ parts: [{ type: 'text', text: 'hi' }] })).toBe(false);
    expect(ok(body({ type: 'text', text: 'hi' }, ''))).toBe(false);
    expect(ok({ id: 'm', parts: [] })).toBe(false);
    expect(
      ok({
        id: 'm',
        parts: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe(false);
    expect(ok({ id: 'm', parts: [{ type: 'text', text: 'a' }], role: 'user' })).toBe(false);
  });
});

describe('message (listed and streamed)', () => {
  const request = {
    type: 'input_request',
    requestId: 'req-1',
    request: {
      expiresAt: '2026-03-01T10:10:00.000Z',
      question: 'Which size?',
      interaction: { kind: 'protected', format: 'password' },
    },
  };

  it('shows agent questions and user answers, a protected answer without value', () => {
    const messages = [
      { id: 'q', role: 'agent', parts: [request], createdAt: '2026-03-01T10:00:04.000Z' },
      {
        id: 'a',
        role: 'user',
        parts: [{ type: 'input_response', requestId: 'req-1', action: 'submit' }],
        createdAt: '2026-03-01T10:00:05.000Z',
      },
      { id: 't', role: 'agent', parts: [{ type: 'text', text: 'In the cart' }], createdAt: '2026-03-01T10:00:06Z' },
    ];
    for (const message of messages) expect(agentCheckoutMessageSchema.safeParse(message).success).toBe(true);
    expect(
      agentCheckoutMessageListResponseSchema.safeParse({ data: messages, nextCursor: 'n', previousCursor: null })
        .success,
    ).toBe(true);
  });

  it('refuses an unknown role, no parts, or a local timestamp', () => {
    const message = { id: 'x', role: 'agent', parts: [{ type: 'text', text: 'x' }], createdAt: '2026-03-01T10:00:06Z' };
    expect(agentCheckoutMessageSchema.safeParse({ ...message, role: 'system' }).success).toBe(false);
    expect(agentCheckoutMessageSchema.safeParse({ ...message, parts: [] }).success).toBe(false);
    expect(agentCheckoutMessageSchema.safeParse({ ...message, createdAt: '2026-03-01 10:00:06' }).success).toBe(false);
  });
});

describe('message list and stream queries', () => {
  it('take limit 1-100 from the query string and a non-empty cursor', () => {
    expect(agentCheckoutMessageListQuerySchema.safeParse({ limit: '20', cursor: 'c' }).data).toStrictEqual({
      limit: 20,
      cursor: 'c',
    });
    expect(agentCheckoutMessageListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(agentCheckoutMessageListQuerySchema.safeParse({ cursor: '' }).success).toBe(false);
  });

  it('resume the stream after a non-empty cursor', () => {
    expect(agentCheckoutStreamQuerySchema.safeParse({ after: '42' }).data).toStrictEqual({ after: '42' });
    expect(agentCheckoutStreamQuerySchema.safeParse({}).data).toStrictEqual({});
    expect(agentCheckoutStreamQuerySchema.safeParse({ after: '' }).success).toBe(false);
  });
});
