import {
  AGENT_CHECKOUT_BLOCKED_CODES,
  AGENT_CHECKOUT_FAILURE_REASONS,
  agentCheckoutListQuerySchema,
  agentCheckoutListResponseSchema,
  agentCheckoutSnapshotSchema,
} from '../../src/agent-checkouts/index.js';

const input = {
  constraints: { maxCost: { amount: '120.50', currency: 'USD' } },
  request: { startUrl: 'https://shop.example.com/p/1' },
};
const queued = {
  runId: 'run-1',
  createdAt: '2026-03-01T10:00:00.000Z',
  revision: 0,
  status: 'queued',
  browser: null,
  requiredAction: null,
  input,
};
const live = { embedUrl: 'https://live.example.com/s/abc', permissions: ['read'] };
const requiredAction = {
  type: 'input_response',
  messageId: 'msg-1',
  requestId: 'req-1',
  request: {
    expiresAt: '2026-03-01T10:10:00Z',
    question: 'Which size?',
    interaction: { kind: 'form', schema: { type: 'object', properties: { size: { enum: ['S', 'M'] } } } },
  },
};

const failures = (snapshot: unknown): string[] =>
  agentCheckoutSnapshotSchema.safeParse(snapshot).error?.issues.map((issue) => issue.path.join('.') || issue.code) ??
  [];

describe('run snapshot', () => {
  it.each([
    ['queued', queued],
    ['running', { ...queued, status: 'running', revision: 3, browser: live }],
    ['running without a browser', { ...queued, status: 'running' }],
    ['awaiting_input', { ...queued, status: 'awaiting_input', browser: live, requiredAction }],
    [
      'succeeded with a receipt',
      {
        ...queued,
        status: 'succeeded',
        result: {
          outcome: 'succeeded',
          summary: 'Bought it.',
          purchase: {
            kind: 'receipt_captured',
            receipt: { total: { amount: '99.90', currency: 'USD' }, merchantOrderId: 'o-1' },
          },
        },
      },
    ],
    [
      'succeeded without a receipt',
      {
        ...queued,
        status: 'succeeded',
        result: { outcome: 'succeeded', summary: 'Bought it.', purchase: { kind: 'confirmed_without_receipt' } },
      },
    ],
    ['failed', { ...queued, status: 'failed', browser: live, reason: 'browser_session_lost' }],
    [
      'blocked',
      {
        ...queued,
        status: 'blocked',
        result: { code: 'policy.max_cost_exceeded', outcome: 'blocked', summary: 'Too expensive.' },
      },
    ],
    ['cancelled', { ...queued, status: 'cancelled', result: { outcome: 'cancelled', summary: 'Cancelled.' } }],
    ['at the greatest revision', { ...queued, revision: Number.MAX_SAFE_INTEGER }],
    ['with a createdAt without fractional seconds', { ...queued, createdAt: '2026-03-01T10:00:00Z' }],
  ])('accepts %s', (_label, snapshot) => {
    expect(failures(snapshot)).toEqual([]);
  });

  it('accepts every failure reason and blocked code of the spec, and no other', () => {
    for (const reason of AGENT_CHECKOUT_FAILURE_REASONS)
      expect(failures({ ...queued, status: 'failed', reason })).toEqual([]);
    for (const code of AGENT_CHECKOUT_BLOCKED_CODES) {
      expect(failures({ ...queued, status: 'blocked', result: { code, outcome: 'blocked', summary: 's' } })).toEqual(
        [],
      );
    }
    expect(failures({ ...queued, status: 'failed', reason: 'timeout' })).toEqual(['reason']);
    expect(
      failures({ ...queued, status: 'blocked', result: { code: 'merchant.closed', outcome: 'blocked', summary: 's' } }),
    ).toEqual(['result.code']);
  });

  it.each([
    ['a browser while queued', { ...queued, browser: live }, 'browser'],
    [
      'a browser with write permission',
      { ...queued, status: 'running', browser: { ...live, permissions: ['write'] } },
      'browser.permissions.0',
    ],
    [
      'a browser with two permissions',
      { ...queued, status: 'running', browser: { ...live, permissions: ['read', 'read'] } },
      'browser.permissions',
    ],
    [
      'a relative embedUrl',
      { ...queued, status: 'running', browser: { ...live, embedUrl: '/live' } },
      'browser.embedUrl',
    ],
    ['a requiredAction outside awaiting_input', { ...queued, status: 'running', requiredAction }, 'requiredAction'],
    ['awaiting_input without a requiredAction', { ...queued, status: 'awaiting_input' }, 'requiredAction'],
    ['a createdAt with an offset', { ...queued, createdAt: '2026-03-01T10:00:00+01:00' }, 'createdAt'],
    ['a negative revision', { ...queued, revision: -1 }, 'revision'],
    ['a fractional revision', { ...queued, revision: 1.5 }, 'revision'],
    ['a revision beyond 2^53-1', { ...queued, revision: Number.MAX_SAFE_INTEGER + 1 }, 'revision'],
    ['an empty runId', { ...queued, runId: '' }, 'runId'],
    ['a failed run without reason', { ...queued, status: 'failed' }, 'reason'],
    [
      'a cancelled result with a 2001-character summary',
      { ...queued, status: 'cancelled', result: { outcome: 'cancelled', summary: 's'.repeat(2001) } },
      'result.summary',
    ],
    [
      'an empty summary',
      { ...queued, status: 'cancelled', result: { outcome: 'cancelled', summary: '' } },
      'result.summary',
    ],
    ['a field the spec does not show', { ...queued, updatedAt: '2026-03-01T10:00:00Z' }, 'unrecognized_keys'],
    ['an unknown status', { ...queued, status: 'paused' }, 'status'],
  ])('refuses %s', (_label, snapshot, path) => {
    expect(failures(snapshot)).toContain(path);
  });

  it.each([
    [{ kind: 'payment', amount: { type: 'exact', amount: '99.90', currency: 'USD' } }, true],
    [{ kind: 'payment', amount: { type: 'maximum', amount: '100', currency: 'USD' } }, true],
    [{ kind: 'payment', amount: { type: 'about', amount: '100', currency: 'USD' } }, false],
    [{ kind: 'payment', amount: { type: 'exact', amount: '0', currency: 'USD' } }, false],
    [{ kind: 'protected', format: 'password' }, true],
    [{ kind: 'protected', format: 'otp' }, false],
    [{ kind: 'form', schema: { type: 'object' } }, true],
    [{ kind: 'form' }, false],
  ])('requiredAction interaction %j valid: %s', (interaction, ok) => {
    const snapshot = {
      ...queued,
      status: 'awaiting_input',
      requiredAction: { ...requiredAction, request: { ...requiredAction.request, interaction } },
    };
    expect(failures(snapshot).length === 0).toBe(ok);
  });
});

describe('list query', () => {
  const parse = (query: unknown) => agentCheckoutListQuerySchema.safeParse(query);

  it('coerces limit from the query string', () => {
    expect(parse({ limit: '1' }).data).toStrictEqual({ limit: 1 });
    expect(parse({ limit: '100', cursor: 'abc' }).data).toStrictEqual({ limit: 100, cursor: 'abc' });
    expect(parse({ limit: 50 }).data).toStrictEqual({ limit: 50 });
    expect(parse({}).data).toStrictEqual({});
  });

  it.each([['0'], ['101'], ['1.5'], ['-1'], ['abc'], [''], ['0x10'], ['1e2'], [' 5'], [['1', '2']]])(
    'refuses limit %j',
    (limit) => {
      expect(parse({ limit }).success).toBe(false);
    },
  );

  it('refuses an empty cursor', () => {
    expect(parse({ cursor: '' }).success).toBe(false);
  });
});

describe('list response', () => {
  it('is { data, nextCursor, previousCursor }, both cursors present and null at the ends', () => {
    const ends = { nextCursor: null, previousCursor: null };
    expect(agentCheckoutListResponseSchema.safeParse({ data: [queued], ...ends }).success).toBe(true);
    expect(
      agentCheckoutListResponseSchema.safeParse({ data: [queued], nextCursor: 'c2', previousCursor: 'c0' }).success,
    ).toBe(true);
    expect(agentCheckoutListResponseSchema.safeParse({ data: [queued] }).success).toBe(false);
    expect(agentCheckoutListResponseSchema.safeParse({ data: [{ ...queued, browser: live }], ...ends }).success).toBe(
      false,
    );
    expect(agentCheckoutListResponseSchema.safeParse({ items: [] }).success).toBe(false);
  });
});
