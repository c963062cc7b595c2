import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type Clock, type CommandContext, DomainException, type IdGenerator } from '@paykit/kernel';
import { type AddDelegatedSigner, type SignatureRequest, type Wallet, walletDecider } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { walletStream } from '../directory/wallet-ids.js';
import { eventsToAppend } from '../http/command-context.js';

/** Adds delegated signers to wallet streams through the Wallet decider. */
@Injectable()
export class WalletSigners {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /**
   * Adds the signer a completed `add-signer` signature authorises. Idempotent (the decider adds
   * the same grant once), so a completion that a crash interrupted is finished by the next
   * approval or read of the signer.
   */
  async completeRegistration(request: SignatureRequest, context: CommandContext): Promise<Wallet | null> {
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
    const result = await handleCommand(this.store, walletStream(request.walletId), walletDecider, command, eventsToAppend(context, this.clock, this.ids));
    if (E.isLeft(result)) throw new DomainException(result.left);
    return result.right.state.status === 'created' ? result.right.state.wallet : null;
  }
}
