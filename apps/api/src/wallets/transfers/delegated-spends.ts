import { Injectable } from '@nestjs/common';
import { type CommandContext, DomainException } from '@paykit/kernel';
import type { Transfer } from '@paykit/transfers';
import { type SpendingBudget, spendingBudgetParts, spendingLimitExceeded } from '@paykit/wallets';
import { type BudgetKey, Budgets } from '../../infrastructure/budgets/budgets.js';
import { WalletDirectory } from '../directory/wallet-directory.js';

const budgetKey = (parts: SpendingBudget['parts']): BudgetKey => ({ kind: 'delegated-spend', parts });

/**
 * A delegated signer's spending limit as claims in the store (ADR 0454): a transfer's amount is
 * claimed under its id before the transfer opens, claimed again when its signer approves (it
 * then counts from the approval), and given back when the transfer fails. Concurrent transfers
 * meet at the budget stream's revision, so no two can both take what is left.
 */
@Injectable()
export class DelegatedSpends {
  constructor(
    private readonly budgets: Budgets,
    private readonly wallets: WalletDirectory,
  ) {}

  /**
   * Claims `amount` for the transfer, or refuses it (403 spending_limit_exceeded). A keyed retry
   * claims under the same transfer id: held already, not counted twice. `renew` (at approval)
   * decides a held claim again at the current time.
   */
  async claim(
    budget: SpendingBudget,
    transferId: string,
    amount: string,
    context: CommandContext,
    renew = false,
  ): Promise<void> {
    const claim = await this.budgets.claim(
      budgetKey(budget.parts),
      {
        claimId: transferId,
        amount,
        limit: budget.limit,
        windowMs: budget.intervalSeconds * 1000,
        ...(renew && { renew }),
      },
      context,
    );
    if (!claim.claimed) throw new DomainException(spendingLimitExceeded(budget.parts[1], budget, claim));
  }

  /** Gives back what the transfer claimed; nothing when it claimed nothing. */
  release(parts: SpendingBudget['parts'], transferId: string, reason: string, context: CommandContext): Promise<void> {
    return this.budgets.release(budgetKey(parts), transferId, reason, context);
  }

  /** Gives back what a transfer that moved no money claimed, if a delegated signer was to approve it. */
  async releaseTransfer(transfer: Transfer, reason: string, context: CommandContext): Promise<void> {
    if (transfer.signer === undefined) return;
    const stored = await this.wallets.load(transfer.wallet.walletId);
    if (!stored || stored.wallet.adminSigner?.locator === transfer.signer) return;
    const parts = spendingBudgetParts(stored.wallet, transfer.signer, transfer.token.locator);
    await this.release(parts, transfer.transferId, reason, context);
  }
}
