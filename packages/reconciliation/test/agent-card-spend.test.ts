import type { RecordedEvent } from '@paykit/event-store';
import { openReadModelDatabase } from '@paykit/projections';
import { foldInto } from '@paykit/projections/testing';
import { ReconciliationReadModel, readReconciliationReport, reconciliationProjection } from '../src/index.js';
import { OTHER_PROJECT, PROJECT } from './fold.js';

const AT = '2026-04-01T09:00:00.000Z';

const recorded = (streamName: string, type: string, data: unknown, projectId: string | null = PROJECT) => ({
  streamName,
  type,
  data,
  metadata: {
    eventId: crypto.randomUUID(),
    occurredAt: AT,
    projectId,
    actor: { type: 'system' as const, id: 'test' },
    correlationId: 'test',
    causationId: null,
    schemaVersion: 1,
  },
});

/** A run recorded its virtual card. */
const cardIssued = (runId: string, cardId: string, cap = '18.86') =>
  recorded(`checkoutRun-${runId}`, 'CheckoutRunCardIssued', {
    attemptId: 'pay-1',
    card: {
      cardId,
      brand: 'visa',
      last4: '4560',
      expMonth: 4,
      expYear: 2029,
      cap: { amount: cap, currency: 'USD' },
      merchantOrigin: 'https://shop.example',
      expiresAt: AT,
    },
    issuedAt: AT,
  });

/** The card observer saw an authorization the issuer decided. */
const observed = (authorizationId: string, cardId: string, approved: boolean, amount = '18.86', projectId = PROJECT) =>
  recorded(
    `agentcardauthorization-${authorizationId}`,
    'AgentCardAuthorizationObserved',
    {
      authorizationId,
      cardId,
      runId: 'run-a',
      amount,
      currency: 'USD',
      merchant: { name: 'Shop', url: 'https://shop.example/checkout' },
      approved,
      ...(approved ? {} : { declineCode: 'over_cap' }),
      at: AT,
    },
    projectId,
  );

const reportOf = (events: readonly ReturnType<typeof recorded>[], scope: string | null = PROJECT) => {
  const db = openReadModelDatabase(':memory:');
  const all: RecordedEvent[] = events.map((event, index) => ({ ...event, revision: 0n, position: BigInt(index + 1) }));
  foldInto(db, reconciliationProjection, all);
  const report = readReconciliationReport(new ReconciliationReadModel(db), {
    scope,
    from: '2026-04-01',
    to: '2026-04-01',
    now: new Date('2026-04-01T10:00:00.000Z'),
    settlementTimeoutMinutes: 60,
  });
  db.close();
  return report;
};

describe('agent card spend', () => {
  it('lists per run what the issuer authorized on its card, approvals and declines', () => {
    const report = reportOf([
      cardIssued('run-a', 'ic_a'),
      observed('auth_1', 'ic_a', false, '19.86'),
      observed('auth_2', 'ic_a', true),
      observed('auth_3', 'ic_a', false, '1.00'),
    ]);
    expect(report.agentCardSpend).toEqual([
      {
        runId: 'run-a',
        cardId: 'ic_a',
        last4: '4560',
        currency: 'USD',
        cap: '18.86',
        authorized: '18.86',
        approvals: 1,
        declines: 2,
      },
    ]);
    expect(report.exceptions).toEqual([]);
  });

  it('flags an authorization on a card no run recorded, until a run records that card', () => {
    const stray = reportOf([observed('auth_9', 'ic_stray', true, '5.00')]);
    expect(stray.exceptions).toEqual([
      expect.objectContaining({
        kind: 'card-authorization-unmatched',
        day: '2026-04-01',
        details: expect.objectContaining({ authorizationId: 'auth_9', cardId: 'ic_stray', approved: 'true' }),
      }),
    ]);
    expect(stray.exceptions[0]?.message).toContain('no agent checkout run recorded');
    expect(stray.exceptionCounts['card-authorization-unmatched']).toBe(1);
    expect(stray.agentCardSpend).toEqual([
      expect.objectContaining({ runId: null, cardId: 'ic_stray', authorized: '5' }),
    ]);

    const matchedLate = reportOf([observed('auth_9', 'ic_late', true), cardIssued('run-late', 'ic_late')]);
    expect(matchedLate.exceptions).toEqual([]);
    expect(matchedLate.agentCardSpend).toEqual([expect.objectContaining({ runId: 'run-late' })]);
  });

  it('shows a project only its own cards, and counts an observation once', () => {
    const events = [
      cardIssued('run-a', 'ic_a'),
      observed('auth_1', 'ic_a', true),
      observed('auth_1', 'ic_a', true),
      observed('auth_2', 'ic_b', true, '3', OTHER_PROJECT),
    ];
    expect(reportOf(events).agentCardSpend.map((spend) => [spend.cardId, spend.approvals])).toEqual([['ic_a', 1]]);
    expect(reportOf(events, OTHER_PROJECT).agentCardSpend.map((spend) => spend.cardId)).toEqual(['ic_b']);
    expect(reportOf(events, null).agentCardSpend.map((spend) => spend.cardId)).toEqual(['ic_a', 'ic_b']);
  });
});
