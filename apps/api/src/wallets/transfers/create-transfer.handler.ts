import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateTransferBody } from '@paykit/contracts';
import { type CommandContext, type IdGenerator, getOrThrow } from '@paykit/kernel';
import type { ChainGateway } from '@paykit/providers';
import {
  type FeeAmount,
  type Memo,
  type Transfer,
  type TransferResource,
  parseTransferAmount,
  toTransferResource,
  validateMemo,
} from '@paykit/transfers';
import { type SpendingBudget, requiredApprovals } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Caller } from '../../http/caller.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { KeyedRequestCompleted } from '../../infrastructure/aggregates/keyed-commands.js';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { PregenerateWallet } from '../create/pregenerate-wallet.handler.js';
import { WalletAddresses } from '../directory/wallet-addresses.js';
import type { StoredWallet } from '../directory/wallet-directory.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
import { SignerAuthority } from '../signers/signer-authority.js';
import { DelegatedSpends } from './delegated-spends.js';
import { solanaTransactionFor } from './solana-transaction.js';
import { TransferAggregate } from './transfer.aggregate.js';
import { resolveRecipient } from './transfer-recipient.js';
import { resolveTransferToken } from './transfer-token.js';
import { transferAfter } from './wallet-transfer.js';

/**
 * `POST /2025-06-09/wallets/{walletLocator}/tokens/{tokenLocator}/transfers`: send tokens. With
 * an idempotency key (`keyed`), the transfer's id follows from the key (ADR 0305). `call`: a raw
 * transaction read as this transfer (SendTransaction), which may move nothing (ADR 0811).
 */
export class CreateTransfer extends Command<TransferResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly tokenLocator: string,
    readonly body: CreateTransferBody,
    readonly keyed?: KeyedWrite,
    readonly source: 'transfer' | 'call' = 'transfer',
  ) {
    super();
  }
}

/**
 * Where wallets and transfers meet. Resolves the token, the recipient and the approvals the
 * wallet's signers require, then opens the transfer; the executor takes it from there once it
 * is approved. A keyed retry answers the transfer as its key's request opened it, and the chain
 * send, keyed by the transfer id, happens once.
 */
@CommandHandler(CreateTransfer)
export class CreateTransferHandler implements ICommandHandler<CreateTransfer> {
  constructor(
    private readonly commands: CommandBus,
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
    private readonly addresses: WalletAddresses,
    private readonly spends: DelegatedSpends,
    private readonly authority: SignerAuthority,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute(command: CreateTransfer): Promise<TransferResource> {
    try {
      return await this.open(command);
    } catch (error) {
      if (error instanceof KeyedRequestCompleted) return toTransferResource(error.state as Transfer);
      throw error;
    }
  }

  private async open({
    caller,
    walletLocator,
    tokenLocator,
    body,
    keyed,
    source,
  }: CreateTransfer): Promise<TransferResource> {
    const { principal, context } = caller;
    if (keyed) await this.aggregates.checkKey(TransferAggregate, keyed.resourceId('transfer'), keyed);
    const stored: StoredWallet = await this.resolver.resolve(principal, walletLocator);
    // The signer named is taken as its approved changes left it (ADR 0452).
    const wallet = await this.authority.settleNamed(stored.wallet, body.signer, context);
    const { token, resolved } = await resolveTransferToken(this.gateway, wallet, tokenLocator);
    // Everything the request can be refused for is checked before a recipient is pregenerated.
    const amount = getOrThrow(
      parseTransferAmount(body.amount, token.decimals, wallet.chainType, { allowZero: source === 'call' }),
    );
    if (body.memo) getOrThrow(validateMemo(body.memo as Memo, wallet.chainType));
    const now = this.aggregates.now();
    const approvals = this.approvalsFor(wallet, body, resolved.locator, now.getTime());
    const recipient = await resolveRecipient(principal, wallet, body.recipient, {
      resolver: this.resolver,
      addresses: this.addresses,
      pregenerate: (locator) => this.commands.execute(new PregenerateWallet(caller, locator)),
    });
    const feeEstimate = await this.estimateFee(
      resolved.chain.name,
      wallet.address,
      token,
      recipient.address,
      amount.baseUnits,
    );
    const transferId = keyed?.resourceId('transfer') ?? this.ids.uuid();
    const onChainTransaction = solanaTransactionFor({
      transferId,
      chain: resolved.chain.name,
      wallet,
      token,
      recipient,
      baseUnits: amount.baseUnits,
      quorums: approvals.quorums,
      ...(body.memo && { memo: body.memo as Memo }),
    });
    // The spending limit is claimed before the transfer opens, under its id (ADR 0454).
    const claim = approvals.budget ? { budget: approvals.budget, amount: amount.decimal } : undefined;
    if (claim) await this.spends.claim(claim.budget, transferId, claim.amount, context);
    const open = this.aggregates.execute(
      TransferAggregate,
      transferId,
      {
        type: 'CreateTransfer',
        data: {
          transferId,
          wallet: { walletId: wallet.walletId, locator: wallet.address, address: wallet.address },
          chainType: wallet.chainType,
          walletType: wallet.walletType,
          chain: resolved.chain.name,
          token,
          recipient,
          amount: body.amount,
          source,
          ...(body.memo && { memo: body.memo as Memo }),
          ...(approvals.signer !== undefined && { signer: approvals.signer }),
          requiredApprovals: approvals.quorums,
          ...(feeEstimate && { feeEstimate }),
          ...(onChainTransaction && { onChainTransaction }),
          createdAt: now.toISOString(),
        },
      },
      context,
      keyed && { keyed: { write: keyed, completes: true } },
    );
    const executed = claim ? await this.releasedIfUnopened(open, claim.budget, transferId, context) : await open;
    return toTransferResource(transferAfter(transferId, executed));
  }

  /** A claim whose transfer did not open is given back; one that opened (a keyed retry's too) is kept. */
  private async releasedIfUnopened<Opened>(
    open: Promise<Opened>,
    budget: SpendingBudget,
    transferId: string,
    context: CommandContext,
  ): Promise<Opened> {
    try {
      return await open;
    } catch (error) {
      if (!(await this.aggregates.load(TransferAggregate, transferId)))
        await this.spends.release(budget.parts, transferId, 'transfer-not-opened', context);
      throw error;
    }
  }

  private approvalsFor(wallet: StoredWallet['wallet'], body: CreateTransferBody, token: string, now: number) {
    const required = requiredApprovals({
      wallet,
      ...(body.signer !== undefined && { signer: body.signer }),
      token,
      amount: body.amount.endsWith('.') ? body.amount.slice(0, -1) : body.amount,
      now,
    });
    return getOrThrow(required);
  }

  /** The chain's estimate, shown in `fees.estimate`; a transfer does not wait on a failed estimate. */
  private async estimateFee(
    chain: string,
    from: string,
    token: { native: boolean; address?: string },
    recipient: string,
    baseUnits: string,
  ): Promise<FeeAmount | undefined> {
    const estimate = await this.gateway.estimateFee({
      chain,
      from,
      token: token.native ? { native: true } : { native: false, address: token.address as string },
      recipient,
      baseUnits,
    });
    return E.isRight(estimate) ? { token: estimate.right.token, amount: estimate.right.amount } : undefined;
  }
}
