import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, sha256Hex } from '@paykit/kernel';
import type { AddDelegatedSigner, SignatureRequest, Wallet } from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { eventsToAppend } from '../../infrastructure/events-to-append.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { claimStream } from '../directory/stream-claim.js';
import { WalletAggregate } from '../directory/wallet.aggregate.js';

const CLAIMED = 'SignerRegistrationRequested';

interface Registration {
  readonly walletId: string;
  readonly locator: string;
  readonly signatureId: string;
}

const registrationStream = (walletId: string, locator: string): string =>
  `walletsignerreg-${walletId}-${sha256Hex(locator)}`;

/**
 * Delegated signers registered after creation (ADR 0445). Which signature request registers a
 * signer on a wallet is claimed at no_stream, so concurrent registrations of one signer share
 * one request, and `GET .../signers/{signer}` finds a pending registration by the signer's
 * locator alone; the signer joins the wallet once that request is signed.
 */
@Injectable()
export class SignerRegistrations {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The registration's signature id: `signatureId` if this call claimed it, else the earlier one. */
  async claim(
    walletId: string,
    locator: string,
    signatureId: string,
    context: CommandContext,
  ): Promise<{ signatureId: string; claimed: boolean }> {
    const event = eventsToAppend(
      context,
      this.clock,
      this.ids,
    )({ type: CLAIMED, data: { walletId, locator, signatureId } });
    const claim = await claimStream(this.store, registrationStream(walletId, locator), event);
    return claim.claimed
      ? { signatureId, claimed: true }
      : { signatureId: (claim.first.data as Registration).signatureId, claimed: false };
  }

  async find(walletId: string, locator: string): Promise<string | null> {
    for await (const event of this.store.readStream(registrationStream(walletId, locator), { maxCount: 1 })) {
      return (event.data as Registration).signatureId;
    }
    return null;
  }

  /**
   * Adds the signer a completed `add-signer` signature authorises. Idempotent (the decider adds
   * the same grant once), so a completion that a crash interrupted is finished by the next
   * approval or read of the signer.
   */
  async complete(request: SignatureRequest, context: CommandContext): Promise<Wallet | null> {
    if (request.purpose?.kind !== 'add-delegated-signer' || request.outputSignature === undefined) return null;
    const command: AddDelegatedSigner = {
      type: 'AddDelegatedSigner',
      data: {
        walletId: request.walletId,
        request: request.purpose.request,
        custodialKeys: request.purpose.custodialKeys,
        now: Date.parse(request.completedAt ?? request.createdAt),
      },
    };
    const { state } = await this.aggregates.execute(WalletAggregate, request.walletId, command, context);
    return state.status === 'created' ? state.wallet : null;
  }
}
