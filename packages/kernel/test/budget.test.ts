import { BUDGET_EXCEEDED, type BudgetEvent, budgetDecider, budgetStanding, fold } from '../src/index.js';
import { DeciderSpecification } from '../src/testing/index.js';

const spec = DeciderSpecification.for(budgetDecider);
const HOUR = 3_600_000;
const claimed = (claimId: string, amount: string, at: string): BudgetEvent => ({
  type: 'BudgetClaimed',
  data: { claimId, amount, at },
});
const claim = (claimId: string, amount: string, now: string, limit = '10', windowMs = 24 * HOUR) => ({
  type: 'ClaimBudget' as const,
  data: { claimId, amount, limit, windowMs, now },
});

describe('a rolling-window budget', () => {
  it('claims what fits', () => {
    spec
      .given([claimed('a', '3', '2026-12-01T10:00:00.000Z')])
      .when(claim('b', '7', '2026-12-01T11:00:00.000Z'))
      .then([claimed('b', '7', '2026-12-01T11:00:00.000Z')]);
  });

  it('refuses what does not fit, with where the budget stands', () => {
    spec
      .given([claimed('a', '3', '2026-12-01T10:00:00.000Z'), claimed('b', '6', '2026-12-01T12:00:00.000Z')])
      .when(claim('c', '1.5', '2026-12-01T13:00:00.000Z'))
      .thenFails({
        kind: 'forbidden',
        code: BUDGET_EXCEEDED,
        parameters: { limit: '10', spent: '9', remaining: '1', resetsAt: '2026-12-02T12:00:00.000Z' },
      });
  });

  it('counts only the claims inside the window', () => {
    spec
      .given([claimed('a', '9', '2026-12-01T10:00:00.000Z')])
      .when(claim('b', '10', '2026-12-02T10:00:00.000Z'))
      .then([claimed('b', '10', '2026-12-02T10:00:00.000Z')]);
    spec
      .given([claimed('a', '9', '2026-12-01T10:00:00.001Z')])
      .when(claim('b', '10', '2026-12-02T10:00:00.000Z'))
      .thenFails({ code: BUDGET_EXCEEDED });
  });

  it('gives a released claim back', () => {
    spec
      .given([
        claimed('a', '9', '2026-12-01T10:00:00.000Z'),
        { type: 'BudgetReleased', data: { claimId: 'a', reason: 'declined' } },
      ])
      .when(claim('b', '10', '2026-12-01T11:00:00.000Z'))
      .then([claimed('b', '10', '2026-12-01T11:00:00.000Z')]);
  });

  it('answers a claim it already holds with nothing new, even when the budget is now full', () => {
    spec
      .given([claimed('a', '10', '2026-12-01T10:00:00.000Z')])
      .when(claim('a', '10', '2026-12-01T10:00:01.000Z'))
      .thenNothingHappened();
  });

  it('renews a held claim at the time asked, deciding it again without its old self', () => {
    const renew = {
      type: 'ClaimBudget' as const,
      data: { ...claim('a', '6', '2026-12-02T09:00:00.000Z').data, renew: true },
    };
    // Still fits beside the others (its own old claim does not count against it): it counts from now.
    spec
      .given([claimed('a', '6', '2026-12-01T10:00:00.000Z'), claimed('b', '4', '2026-12-01T11:00:00.000Z')])
      .when(renew)
      .then([claimed('a', '6', '2026-12-02T09:00:00.000Z')]);
    // No longer fits in the window it would now count in: refused, and it stays as it was.
    spec
      .given([claimed('a', '6', '2026-12-01T08:00:00.000Z'), claimed('b', '5', '2026-12-02T08:00:00.000Z')])
      .when(renew)
      .thenFails({
        code: BUDGET_EXCEEDED,
        parameters: { limit: '10', spent: '5', remaining: '5', resetsAt: '2026-12-03T08:00:00.000Z' },
      });
    // A claim not held is claimed as any other.
    spec
      .given([])
      .when(renew)
      .then([claimed('a', '6', '2026-12-02T09:00:00.000Z')]);
  });

  it('counts a renewed claim from its new time only', () => {
    const state = fold(budgetDecider, [
      claimed('a', '6', '2026-12-01T08:00:00.000Z'),
      claimed('a', '6', '2026-12-02T07:00:00.000Z'),
    ]);
    expect(budgetStanding(state, '10', 24 * HOUR, '2026-12-03T06:00:00.000Z')).toMatchObject({ spent: '6' });
    expect(budgetStanding(state, '10', 24 * HOUR, '2026-12-03T07:00:00.000Z')).toMatchObject({ spent: '0' });
  });

  it('releases only what it holds, once', () => {
    spec
      .given([])
      .when({ type: 'ReleaseBudget', data: { claimId: 'a', reason: 'failed' } })
      .thenNothingHappened();
    spec
      .given([claimed('a', '1', '2026-12-01T10:00:00.000Z')])
      .when({ type: 'ReleaseBudget', data: { claimId: 'a', reason: 'failed' } })
      .then([{ type: 'BudgetReleased', data: { claimId: 'a', reason: 'failed' } }]);
  });

  it('refuses a claim that is not an amount above zero', () => {
    for (const amount of ['0', '-1', '1e3', 'abc'])
      spec
        .given([])
        .when(claim('a', amount, '2026-12-01T10:00:00.000Z'))
        .thenFails({ code: 'invalid_budget_claim' });
    spec
      .given([])
      .when(claim('a', '1', '2026-12-01T10:00:00.000Z', '10', 0))
      .thenFails({ code: 'invalid_budget_claim' });
  });

  it('stands at the full limit with nothing claimed', () => {
    expect(budgetStanding(fold(budgetDecider, []), '2500', HOUR, '2026-12-01T10:00:00.000Z')).toEqual({
      limit: '2500',
      spent: '0',
      remaining: '2500',
      resetsAt: null,
    });
  });
});
