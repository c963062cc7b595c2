import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SubmitApprovalsBody } from '@paykit/contracts';
import { DomainException } from '@paykit/kernel';
import { type Transfer, type TransferResource, quorumSignerOf, toTransferResource } from '@paykit/transfers';
import { type Wallet, checkDelegatedTransfer, normalizeSignerLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { unverified } from '../approvals/approval-signatures.js';
import { ApprovalVerifier } from '../approvals/approval-verifier.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { SignerAuthority } from '../signers/signer-authority.js';
import { TransferRecords } from '../transactions/transfer-records.js';
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
    private readonly records: TransferRecords,
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
      if (member) {
        // A removal approved before a crash let it apply is applied now: the signer approves nothing after it.
        wallet = await this.authority.settle(wallet, locator, context);
        this.checkSignerMayStillApprove(wallet, transfer, locator, now.getTime());
      }
      const { signature, verified, refusal } = member
        ? this.verifier.check(wallet, locator, transfer.approvalMessage, proof)
        : unverified(proof);
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

  /** A delegated signer may have expired, or spent its limit elsewhere, since the transfer was made. */
  private checkSignerMayStillApprove(wallet: Wallet, transfer: Transfer, signer: string, now: number): void {
    if (transfer.approvals.some((approval) => approval.signer === signer)) return;
    const checked = checkDelegatedTransfer({
      wallet,
      signer,
      token: transfer.token.locator,
      amount: transfer.amount.decimal,
      now,
      priorSpends: this.records.spends(wallet.walletId, signer, 0, transfer.transferId),
    });
    if (E.isLeft(checked)) throw new DomainException(checked.left);
  }
}
