import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, sha256Hex } from '@paykit/kernel';
import {
  type AddDelegatedSigner,
  type RemoveDelegatedSigner,
  type SignatureRequest,
  type SignerOperation,
  type Wallet,
  signerGeneration,
} from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { eventsToAppend } from '../../infrastructure/events-to-append.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { claimStream } from '../directory/stream-claim.js';
import { WalletAggregate } from '../directory/wallet.aggregate.js';

/** What approves a change of signer: a signature request (EVM registrations) or a signer operation (the rest). */
export type PendingChange = { readonly signatureId: string } | { readonly transactionId: string };

export type ChangeKind = 'add' | 'remove';

const CLAIMED: Record<ChangeKind, string> = { add: 'SignerRegistrationRequested', remove: 'SignerRemovalRequested' };

/**
 * One stream per signer, change and generation (the wallet's signerRemovals for the signer), so
 * that a registration approved before a removal never counts again (ADR 0449). Generation 0 of
 * a registration keeps the name ADR 0445 gave it.
 */
const changeStream = (kind: ChangeKind, walletId: string, locator: string, generation: number): string =>
  kind === 'add'
    ? `walletsignerreg-${walletId}-${sha256Hex(locator)}${generation === 0 ? '' : `-${generation}`}`
    : `walletsignerrem-${walletId}-${sha256Hex(locator)}-${generation}`;

/**
 * Delegated signers added or removed after creation (ADRs 0445, 0448). Which request approves a
 * change is claimed at no_stream, so concurrent or repeated requests share one, and `GET
 * .../signers/{signer}` finds a pending one by the signer's locator alone; the wallet changes
 * once that request is approved.
 */
@Injectable()
export class SignerRegistrations {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The change's request: `proposed` if this call claimed it, else the earlier one. */
  async claim(
    kind: ChangeKind,
    wallet: Wallet,
    locator: string,
    proposed: PendingChange,
    context: CommandContext,
  ): Promise<{ change: PendingChange; claimed: boolean }> {
    const event = eventsToAppend(
      context,
      this.clock,
      this.ids,
    )({ type: CLAIMED[kind], data: { walletId: wallet.walletId, locator, ...proposed } });
    const stream = changeStream(kind, wallet.walletId, locator, signerGeneration(wallet, locator));
    const claim = await claimStream(this.store, stream, event);
    return claim.claimed ? { change: proposed, claimed: true } : { change: changeOf(claim.first.data), claimed: false };
  }

  /** The current generation's change of the signer, or (`generation`) an earlier one's. */
  async find(
    kind: ChangeKind,
    wallet: Wallet,
    locator: string,
    generation = signerGeneration(wallet, locator),
  ): Promise<PendingChange | null> {
    for await (const event of this.store.readStream(changeStream(kind, wallet.walletId, locator, generation), {
      maxCount: 1,
    })) {
      return changeOf(event.data);
    }
    return null;
  }

  /**
   * Adds the signer a completed `add-signer` signature authorises. Idempotent (the decider adds
   * the same grant once), so a completion that a crash interrupted is finished by the next
   * approval or read of the signer.
   */
  async complete(request: SignatureRequest, context: CommandContext): Promise<Wallet | null> {
    const { purpose } = request;
    if (purpose?.kind !== 'add-delegated-signer' || request.outputSignature === undefined) return null;
    const { request: input, custodialKeys, generation = 0 } = purpose;
    const now = Date.parse(request.completedAt ?? request.createdAt);
    return this.apply(
      request.walletId,
      {
        type: 'AddDelegatedSigner',
        data: { walletId: request.walletId, request: input, custodialKeys, now, generation },
      },
      context,
    );
  }

  /** The wallet change an approved signer operation authorises: idempotent, as `complete`. */
  async completeOperation(operation: SignerOperation, context: CommandContext): Promise<Wallet | null> {
    if (operation.approval === undefined) return null;
    const { walletId, signer, generation } = operation;
    const now = Date.parse(operation.completedAt ?? operation.createdAt);
    if (operation.kind === 'remove-signer') {
      return this.apply(
        walletId,
        { type: 'RemoveDelegatedSigner', data: { walletId, signer, now, generation } },
        context,
      );
    }
    if (!operation.addition) return null;
    return this.apply(
      walletId,
      { type: 'AddDelegatedSigner', data: { walletId, ...operation.addition, now, generation } },
      context,
    );
  }

  /** Applies a change approved for the signer's generation: the Wallet decider ignores it once the signer was removed since. */
  private async apply(
    walletId: string,
    command: AddDelegatedSigner | RemoveDelegatedSigner,
    context: CommandContext,
  ): Promise<Wallet | null> {
    const { state } = await this.aggregates.execute(WalletAggregate, walletId, command, context);
    return state.status === 'created' ? state.wallet : null;
  }
}

const changeOf = (data: unknown): PendingChange => {
  const { signatureId, transactionId } = data as { signatureId?: string; transactionId?: string };
  if (signatureId !== undefined) return { signatureId };
  if (transactionId !== undefined) return { transactionId };
  throw new Error('a signer change claim names neither a signature nor a transaction');
};
