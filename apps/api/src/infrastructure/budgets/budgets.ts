import { Injectable } from '@nestjs/common';
import {
  BUDGET_EXCEEDED,
  type BudgetStanding,
  type CommandContext,
  DomainException,
  budgetDecider,
  budgetStanding,
  sha256Hex,
} from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { Aggregates } from '../aggregates/aggregates.js';
import { aggregateType } from '../aggregates/aggregate-type.js';

/** Names one budget: what it limits (`delegated-spend`, `purchases`) and whose it is. */
export interface BudgetKey {
  readonly kind: string;
  readonly parts: readonly string[];
}

export interface BudgetClaimRequest {
  /** What the claim is for (a transfer, a payment attempt): claiming it again is answered as held. */
  readonly claimId: string;
  readonly amount: string;
  readonly limit: string;
  readonly windowMs: number;
  /** A claim already held is decided again now and counts from now (the kernel's `renew`). */
  readonly renew?: boolean;
}

/**
 * Claimed: `spent` and `remaining` with this claim counted. Refused: where the budget stands
 * without it (`remaining` is what could be claimed now, `resetsAt` when the whole limit is back).
 */
export type BudgetClaim =
  | ({ readonly claimed: true } & Omit<BudgetStanding, 'resetsAt' | 'limit'>)
  | ({ readonly claimed: false } & BudgetStanding);

const budgetStream = ({ kind, parts }: BudgetKey): string => `budget-${kind}-${sha256Hex(parts.join('\n'))}`;

const BudgetAggregate = aggregateType({ name: 'budget', decider: budgetDecider, streamName: budgetStream });

/**
 * Every concurrent claimer of one budget meets the others at its stream's revision; each retry
 * decides again on the claims that won. Enough retries that a burst of requests on one budget
 * gets answers, not 409s.
 */
const CLAIM_RETRIES = 64;

/**
 * Limits as claims in the store (ARCHITECTURE.md "Money invariants"): a budget's stream holds
 * its claims, appended at the revision the decision read, so a limit holds however many requests
 * arrive together and on however many instances. Release what never moved money.
 */
@Injectable()
export class Budgets {
  constructor(private readonly aggregates: Aggregates) {}

  async claim(key: BudgetKey, request: BudgetClaimRequest, context: CommandContext): Promise<BudgetClaim> {
    const now = this.aggregates.now().toISOString();
    const result = await this.aggregates.tryExecute(
      BudgetAggregate,
      key,
      { type: 'ClaimBudget', data: { ...request, now } },
      context,
      { maxRetries: CLAIM_RETRIES },
    );
    if (E.isLeft(result)) {
      if (result.left.code !== BUDGET_EXCEEDED) throw new DomainException(result.left);
      return { claimed: false, ...(result.left.parameters as unknown as BudgetStanding) };
    }
    const { spent, remaining } = budgetStanding(result.right.state, request.limit, request.windowMs, now);
    return { claimed: true, spent, remaining };
  }

  async release(key: BudgetKey, claimId: string, reason: string, context: CommandContext): Promise<void> {
    await this.aggregates.execute(BudgetAggregate, key, { type: 'ReleaseBudget', data: { claimId, reason } }, context, {
      maxRetries: CLAIM_RETRIES,
    });
  }
}
