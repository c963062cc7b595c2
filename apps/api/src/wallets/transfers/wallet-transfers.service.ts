import { Inject, Injectable } from '@nestjs/common';
import type { SubmitApprovalsBody } from '@paykit/contracts';
import { type Clock, DomainException, notFound } from '@paykit/kernel';
import { type Transfer, type TransferResource, quorumSignerOf, toTransferResource } from '@paykit/transfers';
import { type Wallet, checkDelegatedTransfer, normalizeSignerLocator, resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import type { WalletsRequest } from '../http/command-context.js';
import { TransferRecords } from '../transactions/transfer-records.js';
import { verifyApproval } from './approval-signatures.js';
import { TransferRepository } from './transfer-repository.js';

/** Reading one transfer of a wallet, and approving it. */
@Injectable()
export class WalletTransfersService {
  constructor(
    private readonly resolver: WalletResolver,
    private readonly transfers: TransferRepository,
    private readonly records: TransferRecords,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A transfer of the wallet the locator names; with a token locator, only a transfer of that token. */
  async get(principal: Principal, walletLocator: string, transferId: string, tokenLocator?: string): Promise<TransferResource> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    if (tokenLocator !== undefined) {
      const token = resolveTokenLocator(tokenLocator, wallet.environment, 'tokenLocator');
      if (E.isLeft(token)) throw new DomainException(token.left);
      const transfer = await this.transferOf(principal, wallet, transferId);
      if (!sameToken(wallet, transfer, token.right.locator)) throw new DomainException(notFound());
      return toTransferResource(transfer);
    }
    return toTransferResource(await this.transferOf(principal, wallet, transferId));
  }

  /**
   * Approvals (COMPAT: `{ approvals: [{ signer, signature }] }`), all or none: each signature is
   * verified against the transfer's approval message here; the decider decides whether it counts
   * (409 for a signer that already approved, 422 when approvals are complete).
   */
  async approve(caller: WalletsRequest, walletLocator: string, transferId: string, body: SubmitApprovalsBody): Promise<TransferResource> {
    const { principal, context } = caller;
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    const transfer = await this.transferOf(principal, wallet, transferId);
    const now = this.clock.now();
    const approvals = body.approvals.map(({ signer, signature }) => {
      const locator = normalizeSignerLocator(wallet.chainType, signer);
      const member = quorumSignerOf(transfer, locator);
      if (member) this.checkSignerMayStillApprove(wallet, transfer, locator, now.getTime());
      return {
        signer: locator,
        signature,
        message: transfer.approvalMessage,
        verified: member !== undefined && verifyApproval(wallet, member, transfer.approvalMessage, signature),
      };
    });
    const written = await this.transfers.handle(
      transferId,
      { type: 'SubmitApprovals', data: { approvals, submittedAt: now.toISOString() } },
      context,
    );
    return toTransferResource(written.transfer);
  }

  private async transferOf(principal: Principal, wallet: Wallet, transferId: string): Promise<Transfer> {
    const stored = await this.transfers.load(transferId);
    if (!stored || stored.projectId !== principal.projectId || stored.transfer.wallet.walletId !== wallet.walletId) {
      throw new DomainException(notFound());
    }
    return stored.transfer;
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

const sameToken = (wallet: Wallet, transfer: Transfer, locator: string): boolean => {
  const recorded = resolveTokenLocator(transfer.token.locator, wallet.environment);
  return E.isRight(recorded) && recorded.right.locator === locator;
};
