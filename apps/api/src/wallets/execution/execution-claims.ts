import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, type ExpectedRevision, WrongExpectedRevisionError } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator } from '@paykit/kernel';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../http/command-context.js';

const CLAIMED = 'TransferExecutionClaimed';
/** Long enough to submit one transaction; a holder that died is replaced after it. */
const LEASE_MS = 60_000;

const claimStream = (transferId: string): string => `transferexec-${transferId}`;

/**
 * Who sends a transfer's transaction: one instance, however many see it approved. Claimed by an
 * append at no_stream (or at the revision of an expired claim); the store's check is the lock.
 * Tracking the transaction afterwards needs no claim: recording the same outcome twice is a no-op.
 */
@Injectable()
export class ExecutionClaims {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async claim(transferId: string, context: CommandContext): Promise<boolean> {
    const stream = claimStream(transferId);
    let expected: ExpectedRevision = 'no_stream';
    for await (const event of this.store.readStream(stream, { direction: 'backwards', maxCount: 1 })) {
      const leaseExpiresAt = Date.parse((event.data as { leaseExpiresAt: string }).leaseExpiresAt);
      if (leaseExpiresAt > this.clock.now().getTime()) return false;
      expected = event.revision;
    }
    const leaseExpiresAt = new Date(this.clock.now().getTime() + LEASE_MS).toISOString();
    try {
      await this.store.appendToStream(stream, [eventsToAppend(context, this.clock, this.ids)({ type: CLAIMED, data: { transferId, leaseExpiresAt } })], {
        expectedRevision: expected,
      });
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return false;
      throw error;
    }
  }
}
