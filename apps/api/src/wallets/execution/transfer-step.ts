import { Inject, Injectable } from '@nestjs/common';
import type { CommandContext, DomainError } from '@paykit/kernel';
import type { ChainGateway, ChainToken, SubmitTransferResult, TransferAuthority } from '@paykit/providers';
import { type Transfer, type TransferCommand, type TransferError, transferStatus } from '@paykit/transfers';
import { WALLET_KEY, type Wallet, openCustodialKey } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { type EffectAttempt, EffectLedger, effectRef } from '../../infrastructure/effects/effect-ledger.js';
import { WalletDirectory } from '../directory/wallet-directory.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';
import { DelegatedSpends } from '../transfers/delegated-spends.js';
import { TransferAggregate } from '../transfers/transfer.aggregate.js';

/**
 * What to do next with a transfer: look again in about a block of its chain, later after a
 * fault, or nothing (final, or not approved).
 */
export type NextStep = { readonly kind: 'poll'; readonly chain: string } | { readonly kind: 'backoff' } | null;

const poll = (transfer: Transfer): NextStep => ({ kind: 'poll', chain: transfer.chain });
const BACKOFF: NextStep = { kind: 'backoff' };

const chainTokenOf = (transfer: Transfer): ChainToken =>
  transfer.token.native ? { native: true } : { native: false, address: transfer.token.address as string };

/** What sending gave, recorded in the transfer's effect stream: the gateway's answer, or its refusal. */
type Sent = SubmitTransferResult | { readonly outcome: 'refused'; readonly error: TransferError };

/** A gateway refusal at submission: the transaction never reached the chain, so the transfer fails. */
const refusalError = (error: DomainError): TransferError => ({
  message: error.message,
  reason: error.code === 'insufficient_funds' ? 'insufficient_funds' : 'rejected',
});

/**
 * One step of a transfer's execution, decided from its recorded state: send an approved
 * transfer, then follow its transaction to finality, recording each fact through the Transfer
 * decider (Aggregates). Sending is an effect claimed and recorded in its own stream (EffectLedger): one
 * instance submits, with the transfer id as idempotency key, and the gateway's answer is kept
 * there, so a crash before `RecordBroadcast` records the same transaction instead of sending again.
 */
@Injectable()
export class TransferStep {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly wallets: WalletDirectory,
    private readonly effects: EffectLedger,
    private readonly secrets: WalletSecrets,
    private readonly spends: DelegatedSpends,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
  ) {}

  async run(transferId: string): Promise<NextStep> {
    const stored = await this.aggregates.load(TransferAggregate, transferId);
    if (!stored?.state) return null;
    const { state: transfer, projectId } = stored;
    if (transfer.outcome || transferStatus(transfer) !== 'pending') return null;
    const context: CommandContext = {
      projectId,
      actor: { type: 'system', id: 'transfer-executor' },
      correlationId: `transfer-${transferId}`,
    };
    return transfer.broadcast ? this.track(transfer, context) : this.send(transfer, context);
  }

  private async send(transfer: Transfer, context: CommandContext): Promise<NextStep> {
    const sent = await this.effects.once<Sent>(effectRef('transfer-execution', transfer.transferId), context, () =>
      this.submit(transfer),
    );
    if (sent.kind === 'busy') return poll(transfer);
    if (sent.kind === 'retry') return BACKOFF;
    const submitted = sent.outcome;
    if (submitted.outcome !== 'submitted') {
      return this.record(transfer, context, {
        type: 'RecordFailure',
        data: { error: submitted.error, failedAt: this.now() },
      });
    }
    await this.aggregates.execute(
      TransferAggregate,
      transfer.transferId,
      {
        type: 'RecordBroadcast',
        data: {
          txId: submitted.txId,
          explorerLink: submitted.explorerLink,
          ...(submitted.call && { call: submitted.call }),
          broadcastAt: submitted.submittedAt,
        },
      },
      context,
    );
    return poll(transfer);
  }

  private async submit(transfer: Transfer): Promise<EffectAttempt<Sent>> {
    const stored = await this.wallets.load(transfer.wallet.walletId);
    if (!stored)
      throw new Error(
        `transfer ${transfer.transferId} leaves from wallet ${transfer.wallet.walletId}, which does not exist`,
      );
    const authority = this.authorityOf(stored.wallet, transfer);
    try {
      const result = await this.gateway.submitTransfer({
        chain: transfer.chain,
        from: { address: transfer.wallet.address, walletType: transfer.walletType },
        authority,
        token: chainTokenOf(transfer),
        recipient: transfer.recipient.address,
        baseUnits: transfer.amount.baseUnits,
        ...(transfer.memo && { memo: transfer.memo }),
        idempotencyKey: transfer.transferId,
      });
      if (E.isRight(result)) return { kind: 'done', outcome: result.right };
      if (result.left.kind === 'unavailable') return { kind: 'retry' };
      return { kind: 'done', outcome: { outcome: 'refused', error: refusalError(result.left) } };
    } finally {
      if (authority.kind === 'custodial-key') authority.secretKey.fill(0);
    }
  }

  private async track(transfer: Transfer, context: CommandContext): Promise<NextStep> {
    const txId = transfer.broadcast?.txId as string;
    const status = await this.gateway.getTransactionStatus(transfer.chain, txId);
    if (E.isLeft(status)) return BACKOFF;
    const reported = status.right;
    switch (reported.status) {
      case 'pending':
        if (reported.confirmations > 0 && reported.blockNumber !== undefined) {
          await this.aggregates.execute(
            TransferAggregate,
            transfer.transferId,
            {
              type: 'RecordConfirmation',
              data: {
                confirmations: reported.confirmations,
                blockNumber: reported.blockNumber,
                ...(reported.blockHash !== undefined && { blockHash: reported.blockHash }),
                confirmedAt: this.now(),
              },
            },
            context,
          );
        }
        return poll(transfer);
      case 'success':
        return this.record(transfer, context, {
          type: 'RecordFinality',
          data: { completedAt: reported.finalizedAt, actualFee: reported.fee },
        });
      case 'failed':
        return this.record(transfer, context, {
          type: 'RecordFailure',
          data: {
            error: reported.error,
            failedAt: reported.finalizedAt,
            ...(reported.fee && { actualFee: reported.fee }),
          },
        });
    }
  }

  /**
   * Records a final fact; the transfer needs nothing more. A failed transfer moved no money: what
   * its delegated signer's spending limit claimed for it is given back (ADR 0454).
   */
  private async record(transfer: Transfer, context: CommandContext, command: TransferCommand): Promise<NextStep> {
    await this.aggregates.execute(TransferAggregate, transfer.transferId, command, context);
    if (command.type === 'RecordFailure') await this.spends.releaseTransfer(transfer, 'transfer-failed', context);
    return null;
  }

  /**
   * Custodial wallets (MPC, Stellar) sign with their own key, opened for this one call; smart
   * wallets execute the call their signers approved.
   */
  private authorityOf(wallet: Wallet, transfer: Transfer): TransferAuthority {
    const key = wallet.custodialKeys[WALLET_KEY];
    if (key)
      return {
        kind: 'custodial-key',
        curve: key.curve,
        secretKey: openCustodialKey(key, this.secrets.custodialKeyEncryption),
      };
    return {
      kind: 'smart-account',
      approvals: transfer.approvals.map(({ signer, signature, message }) => ({ signer, signature, message })),
    };
  }

  private now(): string {
    return this.aggregates.now().toISOString();
  }
}
