import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../decider.js';
import { Decimal, formatDecimal, parseDecimal } from '../decimal.js';
import { type DomainError, domainError, invalid } from '../errors.js';

/**
 * A rolling-window budget: at most `limit` claimed within any `windowMs`. Each claim is an event
 * of the budget's own stream, so two requests that both fit alone cannot both be claimed: the
 * second append meets the first at the stream's revision and is decided again on it. The limit
 * and window come with each claim (they belong to whoever owns the budget, and may change).
 */
export type BudgetCommand =
  | {
      readonly type: 'ClaimBudget';
      readonly data: {
        readonly claimId: string;
        /** Decimal string, above zero. */
        readonly amount: string;
        readonly limit: string;
        readonly windowMs: number;
        /** ISO time of the claim. */
        readonly now: string;
        /**
         * A claim already held is decided again at `now`, as if it were new, and counts from `now`
         * if it still fits: a reservation made when a payment was asked for becomes a spend when it
         * is approved. Without `renew` a held claim is answered as held.
         */
        readonly renew?: boolean;
      };
    }
  | { readonly type: 'ReleaseBudget'; readonly data: { readonly claimId: string; readonly reason: string } };

export type BudgetEvent =
  | {
      readonly type: 'BudgetClaimed';
      readonly data: { readonly claimId: string; readonly amount: string; readonly at: string };
    }
  | { readonly type: 'BudgetReleased'; readonly data: { readonly claimId: string; readonly reason: string } };

interface HeldClaim {
  readonly amount: string;
  readonly at: string;
}

/** The claims held now (a released claim is gone); the order of claiming is kept. */
export interface BudgetState {
  readonly held: ReadonlyMap<string, HeldClaim>;
}

/** Where a budget stands for a claim at `now`: spent within the window, what is left, when it is all back. */
export interface BudgetStanding {
  readonly limit: string;
  readonly spent: string;
  readonly remaining: string;
  /** When the latest claim in the window leaves it (the whole limit is back); null when nothing is in it. */
  readonly resetsAt: string | null;
}

/** The refusal's code; its parameters are a BudgetStanding. */
export const BUDGET_EXCEEDED = 'budget_exceeded';

export const budgetStanding = (state: BudgetState, limit: string, windowMs: number, now: string): BudgetStanding => {
  const at = Date.parse(now);
  const inWindow = [...state.held.values()].filter((claim) => Date.parse(claim.at) > at - windowMs);
  const spent = inWindow.reduce((sum, claim) => sum.add(claim.amount), new Decimal(0));
  const latest = inWindow.reduce((max, claim) => Math.max(max, Date.parse(claim.at)), -Infinity);
  return {
    limit: formatDecimal(new Decimal(limit)),
    spent: formatDecimal(spent),
    remaining: formatDecimal(Decimal.max(new Decimal(limit).sub(spent), 0)),
    resetsAt: latest === -Infinity ? null : new Date(latest + windowMs).toISOString(),
  };
};

const claim = (state: BudgetState, data: Extract<BudgetCommand, { type: 'ClaimBudget' }>['data']) => {
  const amount = parseDecimal(data.amount);
  if (
    !amount ||
    amount.lte(0) ||
    !parseDecimal(data.limit) ||
    !(data.windowMs > 0) ||
    Number.isNaN(Date.parse(data.now))
  )
    return E.left(
      invalid('invalid_budget_claim', 'a budget claim needs a positive amount, a limit, a window and a time'),
    );
  if (state.held.has(data.claimId) && !data.renew) return E.right([]);
  const others = new Map(state.held);
  others.delete(data.claimId);
  const standing = budgetStanding({ held: others }, data.limit, data.windowMs, data.now);
  if (amount.gt(standing.remaining)) {
    const refusal: DomainError = domainError(
      'forbidden',
      BUDGET_EXCEEDED,
      `${formatDecimal(amount)} is above the ${standing.remaining} left of ${standing.limit}`,
      { ...standing },
    );
    return E.left(refusal);
  }
  return E.right([
    { type: 'BudgetClaimed' as const, data: { claimId: data.claimId, amount: formatDecimal(amount), at: data.now } },
  ]);
};

export const budgetDecider: Decider<BudgetCommand, BudgetEvent, BudgetState, DomainError> = {
  initialState: () => ({ held: new Map() }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ClaimBudget':
        return claim(state, command.data);
      case 'ReleaseBudget':
        return E.right(state.held.has(command.data.claimId) ? [{ type: 'BudgetReleased', data: command.data }] : []);
    }
  },
  evolve: (state, event) => {
    const held = new Map(state.held);
    if (event.type === 'BudgetClaimed') held.set(event.data.claimId, { amount: event.data.amount, at: event.data.at });
    else held.delete(event.data.claimId);
    return { held };
  },
};
