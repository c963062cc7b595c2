import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, sha256Hex } from '@paykit/kernel';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';

const CLAIMED = 'SignerRegistrationRequested';

const registrationStream = (walletId: string, locator: string): string => `walletsignerreg-${walletId}-${sha256Hex(locator)}`;

/**
 * Which signature request registers a delegated signer on a wallet: claimed at no_stream, so
 * concurrent registrations of one signer share one request, and `GET .../signers/{signer}`
 * finds a pending registration by the signer's locator alone.
 */
@Injectable()
export class SignerRegistrations {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The registration's signature id: `signatureId` if this call claimed it, else the earlier one. */
  async claim(walletId: string, locator: string, signatureId: string, context: CommandContext): Promise<{ signatureId: string; claimed: boolean }> {
    try {
      const event = eventsToAppend(context, this.clock, this.ids)({ type: CLAIMED, data: { walletId, locator, signatureId } });
      await this.store.appendToStream(registrationStream(walletId, locator), [event], { expectedRevision: 'no_stream' });
      return { signatureId, claimed: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    const existing = await this.find(walletId, locator);
    if (existing === null) throw new Error(`registration of ${locator} refused an append at no_stream but holds no event`);
    return { signatureId: existing, claimed: false };
  }

  async find(walletId: string, locator: string): Promise<string | null> {
    for await (const event of this.store.readStream(registrationStream(walletId, locator), { maxCount: 1 })) {
      return (event.data as { signatureId: string }).signatureId;
    }
    return null;
  }
}
