import { belongsTo, toMessage, toRunSnapshot } from '../src/index.js';
import { OWNER, PROJECT_ID, ev, fold, given, iso } from './fixtures.js';

const RUN = 'f3b0c442-98fc-4c14-9afb-4c8996fb9242';
const CREATED_AT = '2026-03-01T10:00:00.000Z';
const INPUT = {
  constraints: { maxCost: { amount: '120.50', currency: 'USD' } },
  request: { startUrl: 'https://shop.example.test/products/tee', task: 'Buy the tee in size M' },
  browser: { location: { type: 'country', countryCode: 'US' } },
};
const LIVE = { embedUrl: 'https://live.example.test/sessions/abc', permissions: ['read'] };

describe('the run snapshot has exactly the spec shape', () => {
  it('queued', () => {
    expect(toRunSnapshot(fold(given.queued()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 0,
      status: 'queued',
      browser: null,
      requiredAction: null,
      input: INPUT,
    });
  });

  it('running, with the read-only live view', () => {
    expect(toRunSnapshot(fold(given.browsing()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 2,
      status: 'running',
      browser: LIVE,
      requiredAction: null,
      input: INPUT,
    });
  });

  it('awaiting_input, with requiredAction in the COMPAT shape', () => {
    expect(toRunSnapshot(fold(given.awaiting()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 3,
      status: 'awaiting_input',
      browser: LIVE,
      requiredAction: {
        type: 'input_response',
        messageId: 'msg-req-1',
        requestId: 'req-1',
        request: {
          expiresAt: '2026-03-01T10:10:04.000Z',
          question: 'Which size?',
          interaction: {
            kind: 'form',
            schema: {
              type: 'object',
              properties: { size: { type: 'string', enum: ['S', 'M', 'L'] } },
              required: ['size'],
            },
          },
        },
      },
      input: INPUT,
    });
  });

  it('running again once answered: requiredAction back to null', () => {
    const snapshot = toRunSnapshot(fold([...given.awaiting(), ev.answered()]));
    expect(snapshot.status).toBe('running');
    expect(snapshot.requiredAction).toBeNull();
    expect(snapshot.revision).toBe(4);
  });

  it('succeeded, with the purchase', () => {
    expect(toRunSnapshot(fold(given.succeeded()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 4,
      status: 'succeeded',
      browser: null,
      requiredAction: null,
      input: INPUT,
      result: {
        outcome: 'succeeded',
        summary: 'Bought the tee in size M.',
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '99.90', currency: 'USD' }, merchantOrderId: 'ord-42' },
        },
      },
    });
  });

  it('failed, with its reason', () => {
    expect(toRunSnapshot(fold(given.failed()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 3,
      status: 'failed',
      browser: null,
      requiredAction: null,
      input: INPUT,
      reason: 'model_error',
    });
  });

  it('blocked, with code, outcome and summary', () => {
    expect(toRunSnapshot(fold(given.blocked()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 3,
      status: 'blocked',
      browser: null,
      requiredAction: null,
      input: INPUT,
      result: { code: 'product.item_unavailable', outcome: 'blocked', summary: 'The tee is out of stock.' },
    });
  });

  it('cancelled, with outcome and summary', () => {
    expect(toRunSnapshot(fold(given.cancelled()))).toStrictEqual({
      runId: RUN,
      createdAt: CREATED_AT,
      revision: 1,
      status: 'cancelled',
      browser: null,
      requiredAction: null,
      input: INPUT,
      result: { outcome: 'cancelled', summary: 'The checkout was cancelled before it started.' },
    });
  });

  it('queued again after a takeover: the browser is null', () => {
    const snapshot = toRunSnapshot(fold([...given.browsing(), ev.requeued(1, 61)]));
    expect(snapshot).toMatchObject({ status: 'queued', browser: null, requiredAction: null, revision: 3 });
  });

  it('echoes an input with only the required fields, without adding any', () => {
    const minimal = {
      constraints: { maxCost: { amount: '5', currency: 'EUR' } },
      request: { startUrl: 'https://a.test/' },
    };
    const created = ev.created();
    const run = fold([{ ...created, data: { ...(created.data as object), input: minimal } } as typeof created]);
    expect(toRunSnapshot(run).input).toStrictEqual(minimal);
  });

  it('survives a JSON round trip unchanged (no undefined fields)', () => {
    for (const history of [given.queued(), given.awaiting(), given.succeeded(), given.failed()]) {
      const snapshot = toRunSnapshot(fold(history));
      expect(JSON.parse(JSON.stringify(snapshot))).toStrictEqual(snapshot);
    }
  });

  it('hands out the live view through the given presenter (e.g. a short-lived signed URL)', () => {
    const snapshot = toRunSnapshot(fold(given.browsing()), { presentEmbedUrl: (url) => `${url}?sig=abc` });
    expect(snapshot.browser).toStrictEqual({
      embedUrl: 'https://live.example.test/sessions/abc?sig=abc',
      permissions: ['read'],
    });
  });
});

describe('messages', () => {
  it('lists the question, the answers and texts in order, never a protected secret', () => {
    const run = fold([
      ...given.awaiting(),
      ev.answered(),
      {
        type: 'CheckoutRunMessagePosted',
        data: { messageId: 'a-1', role: 'agent', text: 'Size M is in the cart', postedAt: iso(6) },
      },
      ev.protectedRequested('req-pw', 7),
      {
        type: 'CheckoutRunInputAnswered',
        data: {
          messageId: 'answer-pw',
          response: { type: 'input_response', requestId: 'req-pw', action: 'submit' },
          secretRef: 'vault:pw-1',
          answeredAt: iso(8),
        },
      },
    ]);
    expect(run.messages.map(toMessage)).toStrictEqual([
      {
        id: 'msg-req-1',
        role: 'agent',
        parts: [
          {
            type: 'input_request',
            requestId: 'req-1',
            request: {
              expiresAt: '2026-03-01T10:10:04.000Z',
              question: 'Which size?',
              interaction: {
                kind: 'form',
                schema: {
                  type: 'object',
                  properties: { size: { type: 'string', enum: ['S', 'M', 'L'] } },
                  required: ['size'],
                },
              },
            },
          },
        ],
        createdAt: '2026-03-01T10:00:04.000Z',
      },
      {
        id: 'answer-1',
        role: 'user',
        parts: [{ type: 'input_response', requestId: 'req-1', action: 'submit', value: { size: 'M' } }],
        createdAt: '2026-03-01T10:00:05.000Z',
      },
      {
        id: 'a-1',
        role: 'agent',
        parts: [{ type: 'text', text: 'Size M is in the cart' }],
        createdAt: '2026-03-01T10:00:06.000Z',
      },
      {
        id: 'msg-req-pw',
        role: 'agent',
        parts: [
          {
            type: 'input_request',
            requestId: 'req-pw',
            request: {
              expiresAt: '2026-03-01T10:10:07.000Z',
              question: 'Your shop password?',
              interaction: { kind: 'protected', format: 'password' },
            },
          },
        ],
        createdAt: '2026-03-01T10:00:07.000Z',
      },
      {
        id: 'answer-pw',
        role: 'user',
        parts: [{ type: 'input_response', requestId: 'req-pw', action: 'submit' }],
        createdAt: '2026-03-01T10:00:08.000Z',
      },
    ]);
    expect(JSON.stringify(run.messages.map(toMessage))).not.toContain('vault:pw-1');
    expect(run.inputRequests['req-pw']?.answer).toStrictEqual({
      messageId: 'answer-pw',
      action: 'submit',
      secretRef: 'vault:pw-1',
      answeredAt: '2026-03-01T10:00:08.000Z',
    });
    expect(run.inputRequests['req-1']?.answer).toStrictEqual({
      messageId: 'answer-1',
      action: 'submit',
      value: { size: 'M' },
      answeredAt: '2026-03-01T10:00:05.000Z',
    });
  });
});

describe('ownership', () => {
  it('a run is visible to its own subject under its project only', () => {
    const run = fold(given.queued());
    expect(belongsTo(run, { projectId: PROJECT_ID, subject: OWNER })).toBe(true);
    expect(belongsTo(run, { projectId: PROJECT_ID, subject: 'user:bob' })).toBe(false);
    expect(belongsTo(run, { projectId: 'project-2', subject: OWNER })).toBe(false);
  });
});
