import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SubmitApprovalsBody } from '@paykit/contracts';
import { DomainException } from '@paykit/kernel';
import { type Transfer, type TransferResource, quorumSignerOf, toTransferResource } from '@paykit/transfers';
import { type SpendingBudget, type Wallet, checkDelegatedTransfer, normalizeSignerLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { unverified } from '../approvals/approval-signatures.js';
import { ApprovalVerifier } from '../approvals/approval-verifier.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { SignerAuthority } from '../signers/signer-authority.js';
import { DelegatedSpends } from './delegated-spends.js';
import { TransferAggregate } from './transfer.aggregate.js';
import { loadWalletTransfer, transferAfter } from './wallet-transfer.js';

/** `POST .../transactions/{id}/approvals`: signers' approvals of a transfer (COMPAT: `{ approvals: [{ signer, signature }] }`). */
export class ApproveTransfer extends Command<TransferResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly transferId: string,
    readonly body: SubmitApprovalsBody,
  ) {
    super();
  }
}

/**
 * All or none: each signature is verified against the transfer's approval message here; the
 * decider decides whether it counts (409 for a signer that already approved, 422 when approvals
 * are complete).
 */
@CommandHandler(ApproveTransfer)
export class ApproveTransferHandler implements ICommandHandler<ApproveTransfer> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
    private readonly spends: DelegatedSpends,
    private readonly authority: SignerAuthority,
    private readonly verifier: ApprovalVerifier,
  ) {}

  async execute({ caller, walletLocator, transferId, body }: ApproveTransfer): Promise<TransferResource> {
    const { principal, context } = caller;
    let { wallet } = await this.resolver.resolve(principal, walletLocator);
    const transfer = await loadWalletTransfer(this.aggregates, principal.projectId, wallet, transferId);
    const now = this.aggregates.now();
    const approvals = [];
    for (const proof of body.approvals) {
      const locator = normalizeSignerLocator(wallet.chainType, proof.signer);
      const member = quorumSignerOf(transfer, locator);
      let checked = unverified(proof);
      if (member) {
        // A removal approved before a crash let it apply is applied now: the signer approves nothing after it.
        wallet = await this.authority.settle(wallet, locator, context);
        const budget = this.budgetOfApproval(wallet, transfer, locator, now.getTime());
        checked = this.verifier.check(wallet, locator, transfer.approvalMessage, proof);
        // The amount is spent when it is approved: its claim counts from now, if it still fits (ADR 0454).
        if (budget && checked.verified)
          await this.spends.claim(budget, transferId, transfer.amount.decimal, context, true);
      }
      const { signature, verified, refusal } = checked;
      approvals.push({
        signer: locator,
        signature,
        message: transfer.approvalMessage,
        verified,
        ...(refusal && { refusal }),
      });
    }
    const executed = await this.aggregates.execute(
      TransferAggregate,
      transferId,
      { type: 'SubmitApprovals', data: { approvals, submittedAt: now.toISOString() } },
      context,
    );
    return toTransferResource(transferAfter(transferId, executed));
  }

  /**
   * A delegated signer may have expired, lost its scope or been removed since the transfer was
   * made; if it may still approve, the budget its approval spends from (none for the admin, or
   * once this signer approved).
   */
  private budgetOfApproval(
    wallet: Wallet,
    transfer: Transfer,
    signer: string,
    now: number,
  ): SpendingBudget | undefined {
    if (transfer.approvals.some((approval) => approval.signer === signer)) return undefined;
    const checked = checkDelegatedTransfer({
      wallet,
      signer,
      token: transfer.token.locator,
      amount: transfer.amount.decimal,
      now,
    });
    if (E.isLeft(checked)) throw new DomainException(checked.left);
    return checked.right.role === 'delegated' ? checked.right.budget : undefined;
  }
}
